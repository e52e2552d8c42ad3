package org.maestro.cli.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.cli.embedded.EmbeddedCluster;
import org.maestro.common.cli.ExitCode;
import org.maestro.embedded.EmbeddedArtemis;

/**
 * {@code test-scripts/MultiFlowTest.groovy} at a short setting against Artemis: two queues, the first fed by two
 * senders and the second by five, each drained by one receiver; each flow's figures in summary.json against its peers'
 * own files and the broker's count of each queue.
 */
class MultiFlowScriptTest {
    private static final Duration DEADLINE = Duration.ofMinutes(2);

    @TempDir
    Path work;

    @Test
    void twoQueuesFedByTwoAndFiveSendersAccountForEveryMessagePerFlow() throws Exception {
        try (EmbeddedArtemis sut = EmbeddedArtemis.builder()
                        .amqp()
                        .name("multi-flow")
                        .withoutJmx()
                        .start();
                EmbeddedCluster cluster = MultiPointPeers.start()) {
            CliProcess run = CliProcess.runScript(
                    "MultiFlowTest.groovy",
                    Map.of(
                            "FIRST_URL", sut.amqpUrl("multi-flow.first"),
                            "SECOND_URL", sut.amqpUrl("multi-flow.second"),
                            "RATE", "50",
                            "TEST_DURATION", "4s",
                            "WARM_UP", "1s",
                            "PRIMING_MESSAGES", "0"),
                    DEADLINE,
                    work,
                    "--maestro-url",
                    cluster.controlUrl());

            assertEquals(ExitCode.OK.code(), run.exitCode(), run.output());
            MultiPointPeers.Flows measured =
                    MultiPointPeers.assertEachFlowMatchesItsPeers(work.resolve("results/multi-flow"));
            PeerAccounting.Counts first = measured.first();
            PeerAccounting.Counts second = measured.second();
            JsonNode iteration = measured.iteration();
            JsonNode flows = iteration.get("flows");
            assertEquals(first.sent(), sut.messagesAdded("multi-flow.first").orElse(-1), "the broker's count");
            assertEquals(second.sent(), sut.messagesAdded("multi-flow.second").orElse(-1), "the broker's count");
            for (String figure : List.of("sent", "received", "refused", "vanished")) {
                assertEquals(
                        iteration.get("messages").get(figure).asLong(),
                        flows.get("first").get("messages").get(figure).asLong()
                                + flows.get("second")
                                        .get("messages")
                                        .get(figure)
                                        .asLong(),
                        figure + " of the flows adds up to the test's");
            }
            PeerAccounting.assertAddsUpWithoutLoss("the test", iteration.get("messages"));
            assertTrue(
                    run.output()
                            .contains("flow first: sent " + String.format(java.util.Locale.ROOT, "%,d", first.sent())),
                    run.output());
        }
    }
}
