package org.maestro.inspector.mosquitto;

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
 * A Mosquitto broker process of the test's own on a free loopback port, publishing its {@code $SYS} topics every
 * second ({@code sys_interval 1}) unless told otherwise; skips the test when {@code mosquitto} is not installed, fails under CI.
 */
final class MosquittoProcess implements AutoCloseable {
    private final Path directory;
    private final int port;
    private final Process process;

    private MosquittoProcess(Path directory, int port, Process process) {
        this.directory = directory;
        this.port = port;
        this.process = process;
    }

    static MosquittoProcess start() throws IOException, InterruptedException {
        return start(1);
    }

    /** A broker publishing its {@code $SYS} topics every given seconds; 0 publishes none. */
    static MosquittoProcess start(int sysIntervalSeconds) throws IOException, InterruptedException {
        Path binary = Path.of("/usr/sbin/mosquitto");
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "mosquitto"))) {
                binary = Path.of(dir, "mosquitto");
            }
        }
        if (!Files.isExecutable(binary)) {
            if (System.getenv("CI") != null) {
                fail("mosquitto is not installed and CI is set: install it with 'apt-get install mosquitto'");
            }
            assumeTrue(false, "mosquitto is not installed (apt-get install mosquitto)");
        }
        Path directory = Files.createTempDirectory("maestro-inspector-mosquitto-");
        int port = FreePorts.next();
        Path config = directory.resolve("mosquitto.conf");
        Files.writeString(
                config,
                "listener " + port + " 127.0.0.1\nallow_anonymous true\nsys_interval " + sysIntervalSeconds
                        + "\npersistence false\n");
        Process process = new ProcessBuilder(List.of(binary.toString(), "-c", config.toString()))
                .redirectErrorStream(true)
                .redirectOutput(directory.resolve("mosquitto.log").toFile())
                .start();
        MosquittoProcess broker = new MosquittoProcess(directory, port, process);
        broker.awaitListening();
        return broker;
    }

    private void awaitListening() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(
                        "mosquitto exited at start: " + Files.readString(directory.resolve("mosquitto.log")));
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(50); // a process helper polling for its port, with the deadline above
            }
        }
        close();
        throw new IllegalStateException("mosquitto did not listen on port " + port + " within 10 s");
    }

    /** {@code mqtt://127.0.0.1:<port>}. */
    String url() {
        return "mqtt://127.0.0.1:" + port;
    }

    /** {@code tcp://127.0.0.1:<port>}, for Paho clients. */
    String serverUri() {
        return "tcp://127.0.0.1:" + port;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
