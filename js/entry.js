// The one bundle graphkit inlines into its WebGL map pages (no request at view time).
// Rebuild with scripts/build-js.sh after changing versions in package.json.
export { default as Graph } from "graphology";
export { default as Sigma } from "sigma";
export { drawOnCanvas } from "@sigma/export-image";
// nodes as GL points: several times cheaper to draw than the default discs (see map.js)
export { NodePointProgram } from "sigma/rendering";
