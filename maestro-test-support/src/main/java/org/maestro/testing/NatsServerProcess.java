package org.maestro.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.maestro.base.net.FreePorts;

/**
 * NATS for tests: the server with JetStream the machine runs on 127.0.0.1:4222 ({@link #LOCAL_URL}, after
 * {@link #assumeLocalRunning()}), or a server process of the test's own, with JetStream and file storage in a
 * temporary folder, on a free loopback port (and, when asked, its HTTP monitoring port): stopped and started again on
 * the same ports (keeping its streams and durable consumers) by the test. Skips the test when the server is missing,
 * fails it under CI ({@link RequiredServer}).
 */
public final class NatsServerProcess extends ServerProcess {
    /** The URL, without a subject, of the server the machine runs on 127.0.0.1:4222. */
    public static final String LOCAL_URL = "nats://127.0.0.1:4222";

    private final Path directory;
    private final int port;
    private final int monitorPort;
    private final List<String> extraArguments;
    private final Path binary;

    private NatsServerProcess(Path binary, Path directory, int port, int monitorPort, List<String> extraArguments) {
        this.binary = binary;
        this.directory = directory;
        this.port = port;
        this.monitorPort = monitorPort;
        this.extraArguments = extraArguments;
    }

    /** Skips the calling test when no NATS server listens on 127.0.0.1:4222, or fails it when {@code CI} is set. */
    public static void assumeLocalRunning() {
        RequiredServer.require(
                RequiredServer.listening(4222),
                "no NATS server listens on 127.0.0.1:4222",
                "start one with JetStream (nats-server -js -a 127.0.0.1 -p 4222) before the tests");
    }

    /** Starts a server and waits until it accepts connections. */
    public static NatsServerProcess start() throws IOException, InterruptedException {
        return start(List.of());
    }

    /** Starts a server with more command-line arguments, e.g. {@code --tls --tlscert ... --tlskey ...}. */
    public static NatsServerProcess start(List<String> extraArguments) throws IOException, InterruptedException {
        return launched(0, extraArguments);
    }

    /** Starts a server with its HTTP monitoring port too, and waits until both ports accept connections. */
    public static NatsServerProcess startMonitored() throws IOException, InterruptedException {
        return launched(FreePorts.next(), List.of());
    }

    private static NatsServerProcess launched(int monitorPort, List<String> extraArguments)
            throws IOException, InterruptedException {
        NatsServerProcess server = new NatsServerProcess(
                binary(), Files.createTempDirectory("maestro-nats-"), FreePorts.next(), monitorPort, extraArguments);
        server.begin();
        return server;
    }

    private static Path binary() {
        Path binary = Path.of("/usr/sbin/nats-server");
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "nats-server"))) {
                binary = Path.of(dir, "nats-server");
            }
        }
        RequiredServer.require(
                Files.isExecutable(binary),
                "nats-server is not installed",
                "install it with 'apt-get install nats-server'");
        return binary;
    }

    @Override
    protected Process launch() throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                binary.toString(),
                "-js",
                "-a",
                "127.0.0.1",
                "-p",
                Integer.toString(port),
                "-sd",
                directory.resolve("store").toString()));
        if (monitorPort != 0) {
            command.addAll(List.of("-m", Integer.toString(monitorPort)));
        }
        command.addAll(extraArguments);
        Process process = new ProcessBuilder(command)
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
            if (RequiredServer.listening(port) && (monitorPort == 0 || RequiredServer.listening(monitorPort))) {
                return process;
            }
            Thread.sleep(50); // a process helper polling for its port, with the deadline above
        }
        process.destroyForcibly();
        throw new IllegalStateException("nats-server did not listen on port " + port
                + (monitorPort == 0 ? "" : " and monitoring port " + monitorPort) + " within 10 s");
    }

    /** The server's port. */
    public int port() {
        return port;
    }

    /** The server's URL without a subject, {@code nats://127.0.0.1:<port>}. */
    public String url() {
        return "nats://127.0.0.1:" + port;
    }

    /** {@code nats+http://127.0.0.1:<monitor port>}, for the inspector; only for {@link #startMonitored()}. */
    public String monitorUrl() {
        if (monitorPort == 0) {
            throw new IllegalStateException("this server was started without a monitoring port: use startMonitored()");
        }
        return "nats+http://127.0.0.1:" + monitorPort;
    }
}
