package org.maestro.inspector.nats;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.maestro.base.net.FreePorts;

/**
 * A NATS server process of the test's own with JetStream (storage in a temporary folder) and its HTTP monitoring
 * port, both on free loopback ports; skips the test when {@code nats-server} is not installed, fails under CI.
 */
public final class NatsMonitoredServer implements AutoCloseable {
    private final Path directory;
    private final int port;
    private final int monitorPort;
    private final Process process;

    private NatsMonitoredServer(Path directory, int port, int monitorPort, Process process) {
        this.directory = directory;
        this.port = port;
        this.monitorPort = monitorPort;
        this.process = process;
    }

    /** Starts a server and waits until both ports accept connections. */
    public static NatsMonitoredServer start() throws IOException, InterruptedException {
        Path binary = Path.of("/usr/sbin/nats-server");
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "nats-server"))) {
                binary = Path.of(dir, "nats-server");
            }
        }
        if (!Files.isExecutable(binary)) {
            if (System.getenv("CI") != null) {
                fail("nats-server is not installed and CI is set: install it with 'apt-get install nats-server'");
            }
            assumeTrue(false, "nats-server is not installed (apt-get install nats-server)");
        }
        Path directory = Files.createTempDirectory("maestro-inspector-nats-");
        int port = FreePorts.next();
        int monitorPort = FreePorts.next();
        Process process = new ProcessBuilder(List.of(
                        binary.toString(),
                        "-a",
                        "127.0.0.1",
                        "-p",
                        Integer.toString(port),
                        "-m",
                        Integer.toString(monitorPort),
                        "-js",
                        "-sd",
                        directory.resolve("store").toString()))
                .redirectErrorStream(true)
                .redirectOutput(directory.resolve("nats-server.log").toFile())
                .start();
        NatsMonitoredServer server = new NatsMonitoredServer(directory, port, monitorPort, process);
        server.awaitListening();
        return server;
    }

    private void awaitListening() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(
                        "nats-server exited at start: " + Files.readString(directory.resolve("nats-server.log")));
            }
            if (listens(port) && listens(monitorPort)) {
                return;
            }
            Thread.sleep(50); // a process helper polling for its port, with the deadline above
        }
        close();
        throw new IllegalStateException(
                "nats-server did not listen on ports " + port + " and " + monitorPort + " within 10 s");
    }

    private static boolean listens(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException notYet) {
            return false;
        }
    }

    /** {@code nats://127.0.0.1:<port>}, for clients. */
    public String clientUrl() {
        return "nats://127.0.0.1:" + port;
    }

    /** {@code nats+http://127.0.0.1:<monitor port>}, for the inspector. */
    public String monitorUrl() {
        return "nats+http://127.0.0.1:" + monitorPort;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
