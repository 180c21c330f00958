// A local Neo4j 5.26 Community server for graphkit: embedded database, Bolt on 127.0.0.1.
//
// usage: java -cp LIB/*:CLASSES GraphkitNeo4j HOME PORT
// The password for user "neo4j" is read from the NEO4J_PASSWORD environment variable and
// is never printed. Without it, the password kept in GRAPHKIT_NEO4J_PASSWORD_FILE
// (default ~/.config/graphkit/neo4j-password) is used; when that file does not exist either,
// a random password is generated, stored there (mode 0600) and printed once.
// LOAD CSV reads only from HOME/import (file URLs are switched off).
// Prints "READY bolt://127.0.0.1:PORT" once Bolt accepts connections and shuts the database
// down cleanly on SIGTERM/SIGINT; a failure is one line, "ERROR <what went wrong>", exit 1.
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Map;

import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.io.ByteUnit;

public final class GraphkitNeo4j {
    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: GraphkitNeo4j HOME PORT");
            System.exit(2);
        }
        try {
            run(Path.of(args[0]).toAbsolutePath(), Integer.parseInt(args[1]));
        } catch (Throwable e) {
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            String msg = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
            System.out.println("ERROR " + msg.replaceAll("\\s+", " ").trim());
            System.out.flush();
            System.exit(1);
        }
    }

    static Path passwordFile() {
        String given = System.getenv("GRAPHKIT_NEO4J_PASSWORD_FILE");
        if (given != null && !given.isEmpty()) {
            return Path.of(given);
        }
        String config = System.getenv("XDG_CONFIG_HOME");
        Path base = config != null && !config.isEmpty() ? Path.of(config) : Path.of(System.getProperty("user.home"), ".config");
        return base.resolve("graphkit").resolve("neo4j-password");
    }

    static String password() throws IOException {
        String password = System.getenv("NEO4J_PASSWORD");
        if (password != null && !password.isEmpty()) {
            if (password.length() < 8) {
                throw new IllegalArgumentException("NEO4J_PASSWORD must have 8 characters or more");
            }
            return password;
        }
        Path file = passwordFile();
        if (Files.exists(file)) {
            return Files.readString(file, StandardCharsets.UTF_8).strip();
        }
        byte[] raw = new byte[18];
        new SecureRandom().nextBytes(raw);
        password = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
        Files.createDirectories(file.getParent());
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (FileAlreadyExistsException e) {
            return Files.readString(file, StandardCharsets.UTF_8).strip();  // another start won the race
        }
        Files.writeString(file, password + "\n", StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
        System.out.println("Generated the password of user neo4j: " + password + " (shown once; kept in " + file
                           + ", mode 0600, where graphkit reads it)");
        return password;
    }

    static boolean samePassword(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (String.valueOf(t.getMessage()).contains("cannot be the same")) {
                return true;
            }
        }
        return false;
    }

    static void run(Path home, int port) throws Exception {
        String password = password();
        Path imports = home.resolve("import");
        Files.createDirectories(imports);
        DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home)
            .setConfig(BoltConnector.enabled, true)
            .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
            .setConfig(HttpConnector.enabled, false)
            .setConfig(GraphDatabaseSettings.auth_enabled, true)
            .setConfig(GraphDatabaseSettings.allow_file_urls, false)
            .setConfig(GraphDatabaseSettings.load_csv_file_url_root, imports)
            .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(256))
            .build();
        Runtime.getRuntime().addShutdownHook(new Thread(dbms::shutdown));
        try {
            dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME).executeTransactionally(
                "ALTER USER neo4j SET PASSWORD $p CHANGE NOT REQUIRED", Map.of("p", password));
        } catch (RuntimeException e) {
            if (!samePassword(e)) {
                throw e;
            }  // a restart on its own data: the password already is this one
        }
        System.out.println("READY bolt://127.0.0.1:" + port);
        System.out.flush();
        Thread.currentThread().join();
    }
}
