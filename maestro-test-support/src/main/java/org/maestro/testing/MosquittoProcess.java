package org.maestro.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.maestro.base.net.FreePorts;

/**
 * A real Mosquitto broker process on a free loopback port, for tests: started from Debian's {@code mosquitto}
 * binary with a generated configuration, stopped (and restartable on the same port) by the test. Skips the test when
 * Mosquitto is not installed, fails it under CI ({@link RequiredServer}).
 */
public final class MosquittoProcess extends ServerProcess {
    private final Path directory;
    private final int port;
    private final List<Integer> otherPorts;

    private MosquittoProcess(Path directory, int port, List<Integer> otherPorts) {
        this.directory = directory;
        this.port = port;
        this.otherPorts = otherPorts;
    }

    /** The mosquitto binary, from PATH or /usr/sbin. */
    public static String binary() {
        return tool("mosquitto");
    }

    /** A program of the mosquitto package (mosquitto, mosquitto_passwd), from PATH or /usr/sbin. */
    public static String tool(String name) {
        for (String dir : (System.getenv().getOrDefault("PATH", "") + ":/usr/sbin:/usr/local/sbin").split(":")) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw RequiredServer.missing(name + " is not installed", "install it with 'apt-get install mosquitto'");
    }

    /** Starts a broker on a free port and waits until it accepts connections. */
    public static MosquittoProcess start() throws IOException, InterruptedException {
        return startWith(List.of());
    }

    /**
     * Starts a broker on a free port that publishes its {@code $SYS} topics every given seconds (0 publishes none),
     * and waits until it accepts connections.
     */
    public static MosquittoProcess startPublishingSys(int sysIntervalSeconds) throws IOException, InterruptedException {
        return startWith(List.of("sys_interval " + sysIntervalSeconds));
    }

    private static MosquittoProcess startWith(List<String> moreConfiguration) throws IOException, InterruptedException {
        Path directory = Files.createTempDirectory("maestro-mosquitto-");
        int port = FreePorts.next();
        List<String> configuration = new java.util.ArrayList<>(List.of(
                "listener " + port + " 127.0.0.1",
                "allow_anonymous true",
                "persistence false",
                "max_keepalive 65535",
                "set_tcp_nodelay true",
                "log_dest stdout",
                "log_type error",
                "log_type warning"));
        configuration.addAll(moreConfiguration);
        return start(directory, configuration, port);
    }

    /**
     * Starts a broker with a configuration of the caller's, listeners included, from a folder of the caller's (where
     * the configuration is written as {@code mosquitto.conf}), and waits until every given port accepts connections;
     * {@link #url()} is that of the first port.
     */
    public static MosquittoProcess start(Path directory, List<String> configuration, int port, int... otherPorts)
            throws IOException, InterruptedException {
        MosquittoProcess mosquitto = new MosquittoProcess(
                directory, port, java.util.Arrays.stream(otherPorts).boxed().toList());
        Files.writeString(directory.resolve("mosquitto.conf"), String.join("\n", configuration) + "\n");
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
        List<Integer> ports = new java.util.ArrayList<>(List.of(port));
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
