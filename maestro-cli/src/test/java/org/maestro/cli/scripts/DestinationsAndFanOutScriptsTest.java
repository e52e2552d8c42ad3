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
import org.maestro.common.cli.ExitCode;

/**
 * {@code test-scripts/DestinationsFairnessTest.groovy} and {@code FanOutTest.groovy} at short settings in embedded
 * mode: 100 queues with a sender and a receiver connection each, and a topic with two shared subscriptions of two
 * receiver connections each; the destinations and subscriptions sections of summary.json against the peers' own
 * connections.csv.
 */
class DestinationsAndFanOutScriptsTest {
    private static final Duration DEADLINE = Duration.ofMinutes(2);
    private static final int DESTINATIONS = 100;
    private static final int SUBSCRIPTIONS = 2;

    @TempDir
    Path work;

    private CliProcess run(String script, Map<String, String> environment) throws Exception {
        CliProcess run = CliProcess.runScript(script, environment, DEADLINE, work);
        assertEquals(ExitCode.OK.code(), run.exitCode(), run.output());
        return run;
    }

    @Test
    void everyOfTheHundredDestinationsIsAccountedForAndTheirSpreadIsGiven() throws Exception {
        // 200 connections, each with the histograms of its latency: more than the default heap of maestro-cli's JVM
        CliProcess run = CliProcess.runScriptWithHeap(
                "DestinationsFairnessTest.groovy",
                "2g",
                Map.of("RATE", "4", "TEST_DURATION", "5s", "WARM_UP", "1s", "PRIMING_MESSAGES", "10"),
                DEADLINE,
                work);
        assertEquals(ExitCode.OK.code(), run.exitCode(), run.output());

        PeerAccounting.OneFlow measured =
                PeerAccounting.assertTotalsMatchThePeers(work.resolve("results/destinations-fairness"));
        PeerAccounting.Counts counts = measured.counts();
        assertEquals(List.of(1, 1), List.of(counts.senders(), counts.receivers()), "the embedded sender and receiver");
        JsonNode iteration = measured.iteration();
        PeerAccounting.assertDestinations(
                iteration.get("destinations").get(""), DESTINATIONS, measured.peers(), iteration.get("messages"));
        assertTrue(run.output().contains(DESTINATIONS + " destinations: "), run.output());
    }

    @Test
    void eachSubscriptionOfTheTopicReceivesEveryMessage() throws Exception {
        run(
                "FanOutTest.groovy",
                Map.of(
                        "SUBSCRIPTIONS", Integer.toString(SUBSCRIPTIONS),
                        "CONNECTIONS_PER_SUBSCRIPTION", "2",
                        "RATE", "50",
                        "TEST_DURATION", "4s",
                        "WARM_UP", "1s"));

        PeerAccounting.OneFlow fanOut = PeerAccounting.assertTotalsMatchThePeers(work.resolve("results/fan-out"));
        assertEquals(4L * 50 * 5, fanOut.counts().sent(), "4 sender connections × 50 msg/s × 5 s");
        JsonNode subscriptions = fanOut.iteration().get("subscriptions").get("");
        PeerAccounting.assertEverySubscriptionGotEverything(subscriptions, SUBSCRIPTIONS, fanOut.peers());
    }
}
