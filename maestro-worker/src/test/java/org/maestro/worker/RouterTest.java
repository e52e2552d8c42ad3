package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.common.protocol.Command;
import org.maestro.testing.RealRouter;

/**
 * Through a real Qpid Dispatch router, which routes only to receivers already attached: START_RECEIVER returns once
 * they are, so nothing sent afterwards is lost; with either driver.
 */
class RouterTest {
    @TempDir
    Path work;

    @ParameterizedTest
    @ValueSource(strings = {"amqp", "proton"})
    void losesNothingThroughARouterBecauseReceiversAreAttachedFirst(String scheme) throws Exception {
        try (RealRouter router = RealRouter.startStandalone(work.resolve("router"))) {
            LoadTestRun run = new LoadTestRun(
                            work.resolve("results"),
                            Map.of(
                                    "SEND_RECEIVE_URL",
                                    router.url("closest/maestro").replace("amqp:", scheme + ":"),
                                    "TEST_DURATION",
                                    "2000",
                                    "PARALLEL_COUNT",
                                    "2",
                                    "RATE",
                                    "1000",
                                    "TEST_NAME",
                                    "router"))
                    .run();
            assertEquals(Command.NOTIFY_SUCCESS, run.receiverOutcome.command(), run.receiverOutcome.message());
            assertEquals(4000, run.total().sent());
            assertEquals(0, run.total().lost());
        }
    }
}
