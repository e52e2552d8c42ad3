package org.maestro.driver.nats;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.maestro.base.net.FreePorts;

/**
 * A NATS server process of the test's own, with JetStream and file storage in a temporary folder, on a free loopback
 * port: stopped and started again on the same port (keeping its streams and durable consumers) by the test.
 */
final class NatsServerProcess implements AutoCloseable {
    private final Path directory;
    private final int port;
    private final List<String> extraArguments;
    private Path binary;
    private Process process;

    private NatsServerProcess(Path directory, int port, List<String> extraArguments) {
        this.directory = directory;
        this.port = port;
        this.extraArguments = extraArguments;
    }

    /**
     * Starts a server and waits until it accepts connections; skips the test when {@code nats-server} is not
     * installed, unless {@code CI} is set, where it fails.
     */
    static NatsServerProcess start() throws IOException, InterruptedException {
        return start(List.of());
    }

    /** Starts a server with more command-line arguments, e.g. {@code --tls --tlscert ... --tlskey ...}. */
    static NatsServerProcess start(List<String> extraArguments) throws IOException, InterruptedException {
        Path binary = Path.of("/usr/sbin/nats-server");
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "nats-server"))) {
                binary = Path.of(dir, "nats-server");
            }
        }
        if (!Files.isExecutable(binary)) {
            String ci = System.getenv("CI");
            if (ci != null && !ci.isEmpty()) {
                fail("nats-server is not installed and CI is set: install it with 'apt-get install nats-server'");
            }
            assumeTrue(false, "nats-server is not installed (apt-get install nats-server)");
        }
        NatsServerProcess server =
                new NatsServerProcess(Files.createTempDirectory("maestro-nats-"), FreePorts.next(), extraArguments);
        server.launch(binary);
        return server;
    }

    private void launch(Path program) throws IOException, InterruptedException {
        binary = program;
        List<String> command = new ArrayList<>(List.of(
                program.toString(),
                "-js",
                "-a",
                "127.0.0.1",
                "-p",
                Integer.toString(port),
                "-sd",
                directory.resolve("store").toString()));
        command.addAll(extraArguments);
        process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        directory.resolve("nats-server.log").toFile()))
                .start();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(
                        "nats-server exited at start: " + Files.readString(directory.resolve("nats-server.log")));
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(50); // a process helper polling for its port, with the deadline above
            }
        }
        throw new IllegalStateException("nats-server did not listen on port " + port + " within 10 s");
    }

    /** The server's port. */
    int port() {
        return port;
    }

    /** The server's URL without a subject, {@code nats://127.0.0.1:<port>}. */
    String url() {
        return "nats://127.0.0.1:" + port;
    }

    /** Stops the server process. */
    void stop() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroy();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    /** Starts the server again on the same port, with the same storage folder. */
    void restart() throws IOException, InterruptedException {
        stop();
        launch(binary);
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}
