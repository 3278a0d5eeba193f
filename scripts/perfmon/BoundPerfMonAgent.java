import java.lang.reflect.Field;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import kg.apc.perfmon.PerfMonWorker;

/**
 * The PerfMon ServerAgent (kg.apc perfmon 2.2.2) listening on ONE address. The agent's own launcher binds its TCP
 * port on every interface and has no option to bind one; its exec metric runs commands for any client, so an agent
 * reachable from the network is a hole. This launcher binds the port itself, on the address given (127.0.0.1 by
 * default), hands the channel to the agent's worker and runs the worker's own loop, as the agent's launcher does.
 *
 * Run with Java's source-file mode, the agent's jars on the class path and SIGAR's library on java.library.path:
 *   java -Djava.library.path=DIR/native -cp 'DIR/lib/*' BoundPerfMonAgent.java [--bind ADDRESS] [--port PORT]
 */
public class BoundPerfMonAgent {
    public static void main(String[] args) throws Exception {
        String bind = "127.0.0.1";
        int port = 4444;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--bind" -> bind = args[++i];
                case "--port" -> port = Integer.parseInt(args[++i]);
                default -> {
                    System.err.println("usage: BoundPerfMonAgent [--bind ADDRESS (127.0.0.1)] [--port PORT (4444)]");
                    System.exit(2);
                }
            }
        }
        PerfMonWorker worker = new PerfMonWorker();
        // No port of its own: the worker would bind it on every interface.
        worker.setTCPPort(0);
        worker.setUDPPort(0);
        ServerSocketChannel server = ServerSocketChannel.open();
        server.bind(new InetSocketAddress(bind, port));
        server.configureBlocking(false);
        field("tcpServer").set(worker, server);
        server.register((Selector) field("acceptSelector").get(worker), SelectionKey.OP_ACCEPT);
        System.out.println("PerfMon agent listening on " + bind + ":" + port + " (TCP only)");
        worker.startAcceptingCommands();
        while (!worker.isFinished()) {
            worker.processCommands();
        }
        System.exit(worker.getExitCode());
    }

    private static Field field(String name) throws NoSuchFieldException {
        Field f = PerfMonWorker.class.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }
}
