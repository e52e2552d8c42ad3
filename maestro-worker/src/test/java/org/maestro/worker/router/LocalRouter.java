package org.maestro.worker.router;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.maestro.common.embedded.FreePorts;

/**
 * A standalone Qpid Dispatch router ({@code qdrouterd}) on a free loopback port, with {@code closest/} (anycast)
 * and {@code multicast/} address prefixes, for tests against the real router. The executable is found on PATH, else
 * at {@code shared/tools/qpid-dispatch-1.19.0/bin/qdrouterd} beside the repository. Without it, a test is skipped
 * when the environment variable CI is not set, and fails when it is.
 */
public final class LocalRouter implements AutoCloseable {
    private static final String SHARED_COPY = "shared/tools/qpid-dispatch-1.19.0/bin/qdrouterd";

    private final Process process;
    private final int port;
    private final Path log;

    private LocalRouter(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** Starts a router with its files in {@code work}; skips or fails the test when qdrouterd is missing. */
    public static LocalRouter start(Path work) throws IOException, InterruptedException {
        Path executable = executable().orElse(null);
        if (executable == null) {
            String how = "qdrouterd (Qpid Dispatch router 1.x) is needed: put it on PATH or at ../" + SHARED_COPY
                    + " relative to the repository root (e.g. apt-get install qdrouterd)";
            if (System.getenv("CI") != null) {
                Assertions.fail(how);
            }
            Assumptions.abort(how);
        }
        int port = FreePorts.next();
        Path config = work.resolve("qdrouterd-" + port + ".conf");
        Files.writeString(config, """
                router {
                    mode: standalone
                    id: maestro-test-%d
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
                """.formatted(port, port));
        Path log = work.resolve("qdrouterd-" + port + ".log");
        Process process = new ProcessBuilder(executable.toString(), "--config", config.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        LocalRouter router = new LocalRouter(process, port, log);
        try {
            router.awaitListening(Duration.ofSeconds(20));
        } catch (AssertionError e) {
            router.close();
            throw e;
        }
        return router;
    }

    /** The qdrouterd executable: on PATH, else the copy beside the repository. */
    static Optional<Path> executable() {
        for (String directory : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!directory.isEmpty() && Files.isExecutable(Path.of(directory, "qdrouterd"))) {
                return Optional.of(Path.of(directory, "qdrouterd"));
            }
        }
        List<Path> candidates = new ArrayList<>();
        Path here = Path.of("").toAbsolutePath();
        for (Path dir = here; dir != null; dir = dir.getParent()) {
            candidates.add(dir.resolve(SHARED_COPY));
        }
        return candidates.stream().filter(Files::isExecutable).findFirst();
    }

    /** The router's AMQP port. */
    public int port() {
        return port;
    }

    /** A URL of the given driver scheme ({@code amqp} or {@code proton}) for an address on this router. */
    public String url(String scheme, String address) {
        return scheme + "://127.0.0.1:" + port + "/" + address;
    }

    private void awaitListening(Duration timeout) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("qdrouterd exited with " + process.exitValue() + ": "
                        + Files.readString(log));
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return;
            } catch (IOException e) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("qdrouterd did not listen on 127.0.0.1:" + port + " within " + timeout + ": "
                + Files.readString(log));
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
