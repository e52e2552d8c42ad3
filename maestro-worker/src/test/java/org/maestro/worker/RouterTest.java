package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.embedded.FreePorts;
import org.maestro.common.protocol.Command;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;

/**
 * Through a real Qpid Dispatch router, which routes only to receivers already attached: START_RECEIVER returns once
 * they are, so nothing sent afterwards is lost. Runs where {@code qdrouterd} is installed.
 */
@EnabledIf("routerInstalled")
class RouterTest {
    @TempDir
    Path work;

    static boolean routerInstalled() {
        for (String directory : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(directory, "qdrouterd"))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void losesNothingThroughARouterBecauseReceiversAreAttachedFirst() throws Exception {
        int port = FreePorts.next();
        Path config = work.resolve("qdrouterd.conf");
        Files.writeString(config, """
                router {
                    mode: standalone
                    id: maestro-test
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
                """.formatted(port));
        Process router = new ProcessBuilder("qdrouterd", "-c", config.toString())
                .redirectErrorStream(true).redirectOutput(work.resolve("router.log").toFile()).start();
        try {
            awaitPort(port, Duration.ofSeconds(15));
            LoadTestRun run = new LoadTestRun(work.resolve("results"), Map.of(
                    "SEND_RECEIVE_URL", "amqp://127.0.0.1:" + port + "/closest/maestro",
                    "TEST_DURATION", "2000", "PARALLEL_COUNT", "2", "RATE", "1000", "TEST_NAME", "router"))
                    .run(LoadTestRun.sender(), LoadTestRun.receiver(), LoadTestRun.OUTCOME_TIMEOUT);
            assertEquals(Command.NOTIFY_SUCCESS, run.receiverOutcome.command(), run.receiverOutcome.message());
            assertEquals(4000, run.total().sent());
            assertEquals(0, run.total().lost());
        } finally {
            router.destroy();
            if (!router.waitFor(10, TimeUnit.SECONDS)) {
                router.destroyForcibly();
            }
        }
    }

    private static void awaitPort(int port, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return;
            } catch (IOException e) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("qdrouterd did not listen on 127.0.0.1:" + port + " within " + timeout);
    }
}
