package org.maestro.client.testing;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.maestro.common.embedded.FreePorts;
import org.maestro.topology.local.ExecutableFinder;

/**
 * A real standalone Qpid Dispatch router ({@code qdrouterd}) on a free loopback port, for tests of runs against a
 * router: found on the PATH, else beside the repository in {@code ../shared/tools/qpid-dispatch-1.19.0/bin}.
 * Without it a test is skipped, saying how to get it, unless the environment variable CI is set: then it fails.
 */
public final class RouterProcess implements AutoCloseable {
    /** Where the router is looked for when it is not on the PATH, relative to the repository's root. */
    static final Path BESIDE_THE_REPOSITORY = Path.of("..", "shared", "tools", "qpid-dispatch-1.19.0", "bin",
            "qdrouterd");

    private final Process process;
    private final String id;
    private final int port;
    private final Path log;

    private RouterProcess(Process process, String id, int port, Path log) {
        this.process = process;
        this.id = id;
        this.port = port;
        this.log = log;
    }

    /** The router's executable, or a skipped (or, under CI, failed) test. */
    public static Path executable() {
        Optional<Path> found = ExecutableFinder.qdrouterd().or(() -> {
            Path candidate = repositoryRoot().resolve(BESIDE_THE_REPOSITORY).normalize();
            return Files.isExecutable(candidate) ? Optional.of(candidate) : Optional.empty();
        });
        String missing = "qdrouterd is neither on the PATH nor at " + BESIDE_THE_REPOSITORY + " beside the "
                + "repository: install Qpid Dispatch 1.19 (e.g. 'apt-get install qdrouterd', or build it from "
                + "https://qpid.apache.org/components/dispatch-router/) and put qdrouterd on the PATH";
        if (found.isEmpty() && System.getenv("CI") != null) {
            fail(missing + " (CI is set, so this test may not be skipped)");
        }
        assumeTrue(found.isPresent(), missing);
        return found.get();
    }

    /** Starts a standalone router with one normal listener on a free loopback port and waits until it listens. */
    public static RouterProcess start(String id, Path work) throws Exception {
        Path executable = executable();
        int port = FreePorts.next();
        Path config = work.resolve(id + ".conf");
        Files.writeString(config, String.join("\n",
                "router {",
                "    mode: standalone",
                "    id: " + id,
                "}",
                "listener {",
                "    host: 127.0.0.1",
                "    port: " + port,
                "    role: normal",
                "    authenticatePeer: no",
                "    saslMechanisms: ANONYMOUS",
                "}",
                ""));
        Path log = work.resolve(id + ".log");
        Process process = new ProcessBuilder(executable.toString(), "--config", config.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        RouterProcess router = new RouterProcess(process, id, port, log);
        try {
            router.awaitListening();
        } catch (Exception | AssertionError e) {
            router.close();
            throw e;
        }
        return router;
    }

    /** The router's id. */
    public String id() {
        return id;
    }

    /** The router's AMQP URL without address, e.g. {@code amqp://127.0.0.1:41181}. */
    public String url() {
        return "amqp://127.0.0.1:" + port;
    }

    /** The router's port. */
    public int port() {
        return port;
    }

    private void awaitListening() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("qdrouterd exited at start: " + Files.readString(log));
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("qdrouterd did not listen on " + port + " within 20 s: " + Files.readString(log));
    }

    private static Path repositoryRoot() {
        Path directory = Path.of("").toAbsolutePath();
        while (directory != null && !Files.isDirectory(directory.resolve("maestro-client"))) {
            directory = directory.getParent();
        }
        return directory != null ? directory : Path.of("").toAbsolutePath();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
