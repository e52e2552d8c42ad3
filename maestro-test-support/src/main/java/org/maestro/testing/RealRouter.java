package org.maestro.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.maestro.base.net.FreePorts;

/**
 * A real Apache Qpid Dispatch router for tests: finds {@code qdrouterd} on the {@code PATH}, else in a
 * {@code shared/tools/qpid-dispatch-1.19.0/bin} folder beside the checkout; where there is none a test is
 * skipped with instructions, except in CI (environment variable {@code CI} set), where it fails.
 *
 * <pre>{@code
 * try (RealRouter router = RealRouter.startStandalone(work)) {
 *     String url = router.url("closest/test");     // amqp://127.0.0.1:40123/closest/test
 * }
 * }</pre>
 */
public final class RealRouter implements AutoCloseable {

    /** Where the router comes from when it is not installed, relative to a folder above the checkout. */
    static final Path BUNDLED = Path.of("shared", "tools", "qpid-dispatch-1.19.0", "bin", "qdrouterd");

    private static final String HOW_TO_GET = "qdrouterd (Apache Qpid Dispatch Router 1.19) is needed: install it "
            + "(Debian: apt-get install qdrouterd, or build it from the Apache Qpid release) and put it on the PATH, "
            + "or place the relocatable build in shared/tools/qpid-dispatch-1.19.0 beside the checkout with its "
            + "libraries (apt-get install -y libqpid-proton11 libpython3.11 python3-qpid-proton)";

    private final Process process;
    private final int port;
    private final Path log;

    private RealRouter(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** The router executable, if this machine has one. */
    public static Optional<Path> find() {
        for (String directory : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!directory.isBlank() && Files.isExecutable(Path.of(directory, "qdrouterd"))) {
                return Optional.of(Path.of(directory, "qdrouterd").toAbsolutePath());
            }
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(BUNDLED);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** The router executable; skips the test when there is none, or fails it in CI. */
    public static Path require() {
        Optional<Path> found = find();
        RequiredServer.require(found.isPresent(), "no qdrouterd", HOW_TO_GET);
        return found.get();
    }

    /**
     * Starts a standalone router with one anonymous listener on a free loopback port, {@code closest} and
     * {@code multicast} address prefixes, its configuration and log in {@code directory}; returns once it accepts
     * connections.
     */
    public static RealRouter startStandalone(Path directory) throws IOException, InterruptedException {
        return startStandalone(directory, "maestro-test");
    }

    /** {@link #startStandalone(Path)} with the router id {@code id}. */
    public static RealRouter startStandalone(Path directory, String id) throws IOException, InterruptedException {
        int port = FreePorts.next();
        return start(directory, """
                router {
                    mode: standalone
                    id: %s
                }
                listener {
                    host: 127.0.0.1
                    port: %d
                    role: normal
                    authenticatePeer: no
                    saslMechanisms: ANONYMOUS
                }
                address {
                    prefix: closest
                    distribution: closest
                }
                address {
                    prefix: multicast
                    distribution: multicast
                }
                """.formatted(id, port), port);
    }

    /**
     * Starts a router with this configuration text, whose normal listener is on {@code port}; returns once it
     * accepts connections, or fails with the end of its log when it exits first.
     */
    public static RealRouter start(Path directory, String configuration, int port)
            throws IOException, InterruptedException {
        Path executable = require();
        Files.createDirectories(directory);
        Path config = directory.resolve("qdrouterd.conf");
        Files.writeString(config, configuration);
        Path log = directory.resolve("qdrouterd.log");
        Process process = new ProcessBuilder(List.of(executable.toString(), "--config", config.toString()))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        RealRouter router = new RealRouter(process, port, log);
        try {
            router.awaitListening(Duration.ofSeconds(20));
            return router;
        } catch (IOException | RuntimeException | InterruptedException e) {
            router.close();
            throw e;
        }
    }

    private void awaitListening(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("qdrouterd exited with code " + process.exitValue() + ": " + logText());
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return;
            } catch (IOException e) {
                Thread.sleep(100); // a process helper polling for its port, with the deadline above
            }
        }
        throw new IOException(
                "qdrouterd did not listen on port " + port + " within " + timeout.toSeconds() + " s: " + logText());
    }

    /** The port of the normal listener. */
    public int port() {
        return port;
    }

    /** {@code amqp://127.0.0.1:port}. */
    public String url() {
        return "amqp://127.0.0.1:" + port;
    }

    /** {@code amqp://127.0.0.1:port/address}. */
    public String url(String address) {
        return url() + "/" + address;
    }

    /** A URL of a driver scheme ({@code amqp}, {@code proton}) for an address on this router. */
    public String url(String scheme, String address) {
        return scheme + "://127.0.0.1:" + port + "/" + address;
    }

    /** The router's process. */
    public Process process() {
        return process;
    }

    /** What the router wrote so far. */
    public String logText() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** Stops the router: TERM, then KILL after 10 s. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
