package org.maestro.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.maestro.base.net.FreePorts;

/**
 * Mosquitto for tests: a real broker process on a free loopback port, started from Debian's {@code mosquitto} binary
 * with a generated configuration and stopped (and restartable on the same port) by the test, or the machine's own on
 * 127.0.0.1:1883. Skips the test when Mosquitto is not installed or not running, fails it under CI
 * ({@link RequiredServer}).
 */
public final class MosquittoProcess extends ServerProcess {
    private static final int LOCAL_PORT = 1883;

    private final Path directory;
    private final int port;
    private final List<Integer> otherPorts;

    private MosquittoProcess(Path directory, List<String> configuration, int port, List<Integer> otherPorts)
            throws IOException {
        this.directory = directory;
        this.port = port;
        this.otherPorts = otherPorts;
        Files.writeString(directory.resolve("mosquitto.conf"), String.join("\n", configuration) + "\n");
    }

    /** Skips the calling test when no broker listens on 127.0.0.1:1883, the machine's own, or fails it under CI. */
    public static void assumeLocalRunning() {
        RequiredServer.require(
                RequiredServer.listening(LOCAL_PORT),
                "no Mosquitto listens on 127.0.0.1:" + LOCAL_PORT,
                "start the machine's own there (apt-get install mosquitto)");
    }

    /**
     * The URL of a topic no other test uses on the machine's own broker, with a query (starting with {@code ?}, or
     * empty); skips the calling test when none listens there, or fails it under CI.
     */
    public static String localTopicUrl(String query) {
        assumeLocalRunning();
        return "mqtt://127.0.0.1:" + LOCAL_PORT + "/maestro/test/" + UUID.randomUUID() + query;
    }

    /** The mosquitto binary, from PATH or /usr/sbin. */
    public static String binary() {
        return tool("mosquitto");
    }

    /** A program of the mosquitto package (mosquitto, mosquitto_passwd), from PATH or /usr/sbin. */
    public static String tool(String name) {
        return Commands.find(name)
                .orElseThrow(() -> RequiredServer.missing(
                        name + " is not installed", "install it with 'apt-get install mosquitto'"));
    }

    /**
     * The setting that keeps a broker started as root from switching to user mosquitto, which cannot read the test's
     * folders (password files, ACLs, certificates).
     */
    public static String sameUser() {
        return "user " + System.getProperty("user.name");
    }

    /**
     * Starts a broker on a free port, anonymous and without persistence, with more settings (e.g.
     * {@code sys_interval 1}, {@code password_file ...}) after those, and waits until it accepts connections.
     */
    public static MosquittoProcess start(String... settings) throws IOException, InterruptedException {
        MosquittoProcess mosquitto = configured(settings);
        mosquitto.begin();
        return mosquitto;
    }

    /**
     * A broker as {@link #start(String...)} starts, for the tests of one class: registered with
     * {@code @RegisterExtension} on a static field, it starts before them and stops after them.
     */
    public static MosquittoProcess perTestClass(String... settings) {
        try {
            return configured(settings);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a Mosquitto configuration", e);
        }
    }

    private static MosquittoProcess configured(String... settings) throws IOException {
        int port = FreePorts.next();
        List<String> configuration = new ArrayList<>(List.of(
                "listener " + port + " 127.0.0.1",
                "allow_anonymous true",
                "persistence false",
                "max_keepalive 65535",
                "set_tcp_nodelay true",
                "log_dest stdout",
                "log_type error",
                "log_type warning"));
        configuration.addAll(List.of(settings));
        return new MosquittoProcess(Files.createTempDirectory("maestro-mosquitto-"), configuration, port, List.of());
    }

    /**
     * Starts a broker with a configuration of the caller's, listeners included, from a folder of the caller's (where
     * the configuration is written as {@code mosquitto.conf}), and waits until every given port accepts connections;
     * {@link #url()} is that of the first port.
     */
    public static MosquittoProcess start(Path directory, List<String> configuration, int port, int... otherPorts)
            throws IOException, InterruptedException {
        MosquittoProcess mosquitto = new MosquittoProcess(
                directory,
                configuration,
                port,
                Arrays.stream(otherPorts).boxed().toList());
        mosquitto.begin();
        return mosquitto;
    }

    @Override
    protected Process launch() throws IOException, InterruptedException {
        Process process = new ProcessBuilder(List.of(
                        binary(), "-c", directory.resolve("mosquitto.conf").toString()))
                .redirectErrorStream(true)
                .redirectOutput(directory.resolve("mosquitto.log").toFile())
                .start();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        List<Integer> ports = new ArrayList<>(List.of(port));
        ports.addAll(otherPorts);
        for (int awaited : ports) {
            awaitListening(process, awaited, deadline);
        }
        return process;
    }

    private void awaitListening(Process process, int awaited, long deadline) throws IOException, InterruptedException {
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(
                        "mosquitto exited at start: " + Files.readString(directory.resolve("mosquitto.log")));
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", awaited), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(50); // a process helper polling for its port, with the deadline above
            }
        }
        process.destroyForcibly();
        throw new IllegalStateException("mosquitto did not listen on port " + awaited + " within 10 s");
    }

    /** The broker's URL, {@code mqtt://127.0.0.1:<port>}. */
    public String url() {
        return "mqtt://127.0.0.1:" + port;
    }

    /** {@code tcp://127.0.0.1:<port>}, for Paho clients. */
    public String serverUri() {
        return "tcp://127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    /** The folder of the configuration and of what the broker printed ({@code mosquitto.log}). */
    public Path directory() {
        return directory;
    }
}
