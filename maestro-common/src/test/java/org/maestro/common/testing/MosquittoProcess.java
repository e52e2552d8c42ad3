package org.maestro.common.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.maestro.common.embedded.FreePorts;

/**
 * A real Mosquitto broker process on a free loopback port, for tests: started from Debian's {@code mosquitto}
 * binary with a generated configuration, stopped (and restartable on the same port) by the test.
 */
public final class MosquittoProcess implements AutoCloseable {
    private final Path directory;
    private final int port;
    private Process process;

    private MosquittoProcess(Path directory, int port) {
        this.directory = directory;
        this.port = port;
    }

    /** The mosquitto binary, from PATH or /usr/sbin. */
    public static String binary() {
        for (String dir : (System.getenv().getOrDefault("PATH", "") + ":/usr/sbin:/usr/local/sbin").split(":")) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, "mosquitto");
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw new IllegalStateException("mosquitto is not installed: install it with 'apt-get install mosquitto'");
    }

    /** Starts a broker on a free port and waits until it accepts connections. */
    public static MosquittoProcess start() throws IOException, InterruptedException {
        Path directory = Files.createTempDirectory("maestro-mosquitto-");
        MosquittoProcess mosquitto = new MosquittoProcess(directory, FreePorts.next());
        Files.writeString(directory.resolve("mosquitto.conf"), String.join("\n",
                "listener " + mosquitto.port + " 127.0.0.1",
                "allow_anonymous true",
                "persistence false",
                "max_keepalive 65535",
                "set_tcp_nodelay true",
                "log_dest stdout",
                "log_type error",
                "log_type warning",
                ""));
        mosquitto.launch();
        return mosquitto;
    }

    private void launch() throws IOException, InterruptedException {
        process = new ProcessBuilder(List.of(binary(), "-c", directory.resolve("mosquitto.conf").toString()))
                .redirectErrorStream(true)
                .redirectOutput(directory.resolve("mosquitto.log").toFile())
                .start();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("mosquitto exited at start: "
                        + Files.readString(directory.resolve("mosquitto.log")));
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        throw new IllegalStateException("mosquitto did not listen on port " + port + " within 10 s");
    }

    /** The broker's URL, {@code mqtt://127.0.0.1:<port>}. */
    public String url() {
        return "mqtt://127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    /** Stops the broker process (it can be started again with {@link #restart()}). */
    public void stop() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroy();
            if (!process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    /** Starts the broker again on the same port. */
    public void restart() throws IOException, InterruptedException {
        stop();
        launch();
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}
