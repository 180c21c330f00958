// A local Neo4j 5.26 Community server for graphkit: embedded database, Bolt on 127.0.0.1.
//
// usage: java -cp LIB/*:CLASSES GraphkitNeo4j HOME PORT
// The password for user "neo4j" is read from the NEO4J_PASSWORD environment variable and
// is never printed. Prints "READY bolt://127.0.0.1:PORT" once Bolt accepts connections and
// shuts the database down cleanly on SIGTERM/SIGINT.
import java.nio.file.Path;
import java.util.Map;

import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.io.ByteUnit;

public final class GraphkitNeo4j {
    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: GraphkitNeo4j HOME PORT");
            System.exit(2);
        }
        Path home = Path.of(args[0]).toAbsolutePath();
        int port = Integer.parseInt(args[1]);
        String password = System.getenv("NEO4J_PASSWORD");
        if (password == null || password.length() < 8) {
            System.err.println("set NEO4J_PASSWORD (8 characters or more)");
            System.exit(2);
        }
        DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home)
            .setConfig(BoltConnector.enabled, true)
            .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
            .setConfig(HttpConnector.enabled, false)
            .setConfig(GraphDatabaseSettings.auth_enabled, true)
            .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(256))
            .build();
        Runtime.getRuntime().addShutdownHook(new Thread(dbms::shutdown));
        dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME).executeTransactionally(
            "ALTER USER neo4j SET PASSWORD $p CHANGE NOT REQUIRED", Map.of("p", password));
        System.out.println("READY bolt://127.0.0.1:" + port);
        System.out.flush();
        Thread.currentThread().join();
    }
}
