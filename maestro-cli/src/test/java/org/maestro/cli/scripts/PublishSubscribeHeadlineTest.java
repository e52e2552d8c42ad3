package org.maestro.cli.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;
import org.maestro.reporter.testing.Recount;
import org.maestro.reporter.testing.ResultsAudit;
import org.maestro.testing.MosquittoProcess;

/**
 * A plain MQTT topic (Mosquitto) with two receiver connections gives every message to both: the run says so before it
 * starts, its table shows the copies in a DUPLICATES column and explains why the received rate is above the sent one,
 * and junit.xml and the report carry the same explanation, all with the numbers recounted from the raw files.
 */
class PublishSubscribeHeadlineTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * A broker of this test's: Mosquitto drops the copies for a subscriber more than 120 behind by default ("Outgoing
     * messages are being dropped"), which a receiver JVM starved of CPU on a busy machine can be. This test is about
     * how copies are shown, not about that limit.
     */
    @RegisterExtension
    static final MosquittoProcess mosquitto = MosquittoProcess.perTestClass("max_queued_messages 100000");

    @TempDir
    Path work;

    @Test
    void aTopicWithTwoReceiverConnectionsIsWarnedAboutAndItsCopiesAreShownEverywhere() throws Exception {
        String url = mosquitto.url() + "/maestro/pubsub-" + UUID.randomUUID() + "?qos=1";
        CliProcess run = CliProcess.runScript(
                "FixedRateTest.groovy",
                Map.of(
                        "SEND_RECEIVE_URL", url,
                        "TEST_DURATION", "2s",
                        "WARM_UP", "1s",
                        "RATE", "50",
                        "PARALLEL_COUNT", "2",
                        "MAXIMUM_LATENCY", "5000"),
                Duration.ofMinutes(2),
                work);
        String output = run.output();
        assertEquals(ExitCode.OK.code(), run.exitCode(), "nothing was lost, so the test passes:\n" + output);

        assertTrue(
                output.contains("warning: " + url + " is publish-subscribe: each of the 2 receiver connections "
                        + "(1 receiver × PARALLEL_COUNT 2) gets every message, so every message is received 2 times"),
                "warned before the test starts:\n" + output);
        assertTrue(
                output.indexOf("is publish-subscribe") < output.indexOf("RATE msg/s"),
                "the warning comes before the results:\n" + output);

        Path iteration = work.resolve("results/fixed-rate/0");
        Recount.Numbers truth = Recount.of(iteration);
        assertTrue(truth.received() > 0, output);
        assertEquals(truth.received(), truth.duplicates(), "each message arrived once more on the other connection");
        assertEquals(List.of(), ResultsAudit.auditRunTable(output, iteration), "the table, DUPLICATES included");
        assertTrue(output.contains(" DUPLICATES "), output);
        String explained = String.format(
                Locale.ROOT,
                "%,d duplicate deliveries (messages received more than once): the received rate",
                truth.duplicates());
        assertTrue(output.contains("fixed-rate #0 warning: " + explained), output);
        assertTrue(output.contains("is above the sent rate"), output);
        assertTrue(output.contains("every message arrived 2.0 times on average"), output);

        String junit = Files.readString(iteration.getParent().resolve("junit.xml"));
        assertTrue(junit.contains("duplicates=" + truth.duplicates() + " "), junit);
        assertTrue(junit.contains("warning: " + explained), junit);
        JsonNode summary = JSON.readTree(
                        iteration.getParent().resolve("summary.json").toFile())
                .get("iterations")
                .get(0);
        assertEquals(
                truth.duplicates(), summary.get("messages").get("duplicates").asLong());
        assertTrue(
                summary.get("warnings").toString().contains(explained),
                summary.get("warnings").toString());
        assertTrue(
                summary.get("reason").asText().contains("lost 0 of "),
                "a pass says which checks held: " + summary.get("reason"));
        ResultsAudit.assertConsistent(iteration);
    }
}
