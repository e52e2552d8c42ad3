package org.maestro.reporter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.testing.Recount;
import org.maestro.reporter.testing.ResultsAudit;

/**
 * The verdict includes the loss: a test that lost more than its MAXIMUM_LOSS (a count or a percentage of the messages
 * sent, 0 when the peers name none) fails, and so does one whose loss is unknown; a passed test says which checks held.
 * The fixed-rate test of {@link SyntheticResults} lost messages; how many is recounted from its raw files here.
 */
class LossVerdictTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path results;

    /** Writes the standard results with the given MAXIMUM_LOSS in every peer's test.properties (null: none). */
    private Path fixedRate(String maximumLoss) throws IOException {
        if (!Files.isDirectory(results.resolve("fixed-rate"))) {
            SyntheticResults.writeStandard(results, 1.0, 1.0);
        }
        Path iteration = results.resolve("fixed-rate/0");
        try (Stream<Path> files = Files.walk(iteration)) {
            for (Path file : files.filter(f -> f.getFileName().toString().equals("test.properties"))
                    .toList()) {
                String text = Files.readString(file).replaceAll("(?m)^MAXIMUM_LOSS=.*\n", "");
                Files.writeString(file, maximumLoss == null ? text : text + "MAXIMUM_LOSS=" + maximumLoss + "\n");
            }
        }
        return iteration;
    }

    private JsonNode summaryJson() throws IOException {
        return JSON.readTree(results.resolve("fixed-rate/summary.json").toFile())
                .get("iterations")
                .get(0);
    }

    @Test
    void aLossAboveTheLimitFailsAndOneWithinItPassesSayingWhy() throws IOException {
        Path iteration = fixedRate(null);
        Recount.Numbers truth = Recount.of(iteration);
        long lost = truth.lost();
        long sent = truth.sent();
        assertTrue(lost > 0 && sent > lost, "the fixture loses some messages: " + lost + " of " + sent);
        String counted =
                String.format(Locale.ROOT, "lost %,d of %,d messages (%.3f%%)", lost, sent, lost * 100.0 / sent);
        // the smallest percentage with three decimals that still allows the loss, and the largest that does not
        double percent = lost * 100.0 / sent;
        String above = String.format(Locale.ROOT, "%.3f%%", Math.ceil(percent * 1000) / 1000);
        String below = String.format(Locale.ROOT, "%.3f%%", Math.floor(percent * 1000) / 1000);

        String[][] cases = {
            {null, "FAILURE", counted + ", more than MAXIMUM_LOSS 0 allows (no loss)"},
            {"0", "FAILURE", counted + ", more than MAXIMUM_LOSS 0 allows (no loss)"},
            {Long.toString(lost - 1), "FAILURE", counted + ", more than MAXIMUM_LOSS " + (lost - 1) + " allows"},
            {Long.toString(lost), "SUCCESS", counted + ", within MAXIMUM_LOSS " + lost},
            {below, "FAILURE", counted + ", more than MAXIMUM_LOSS " + below.replaceAll("0+%$", "%") + " allows"},
            {above, "SUCCESS", counted + ", within MAXIMUM_LOSS " + above.replaceAll("0+%$", "%")},
        };
        for (int i = 0; i < cases.length; i++) {
            String[] c = cases[i];
            fixedRate(c[0]);
            TestSummary summary = Reporter.summarize(iteration);
            String what = "MAXIMUM_LOSS=" + c[0] + ": " + summary.reason();
            assertEquals(Verdict.valueOf(c[1]), summary.outcome(), what);
            assertTrue(summary.reason().contains(c[2]), what + "\nexpected to contain: " + c[2]);
            if (summary.outcome() == Verdict.FAILURE) {
                assertEquals(Decider.LOSS, summary.decidedBy(), what);
            } else {
                assertTrue(summary.reason().contains("p90 response time"), "the peers' checks are named: " + what);
            }
            if (i != 0 && i != 3) {
                continue; // every place shows the one verdict: checked for a failure and a pass
            }
            Reporter.build(results);
            JsonNode json = summaryJson();
            assertEquals(c[1].toLowerCase(Locale.ROOT), json.get("outcome").asText(), what);
            assertEquals(summary.reason(), json.get("reason").asText(), what);
            String junit = Files.readString(results.resolve("fixed-rate/junit.xml"));
            assertEquals(
                    summary.outcome() == Verdict.FAILURE,
                    junit.contains("<failure message=\"" + summary.reason().substring(0, 20)),
                    what + "\n" + junit);
            ResultsAudit.assertResultsConsistent(results);
        }
    }

    @Test
    void anUnknownLossFailsWhateverTheLimit() throws IOException {
        Path iteration = fixedRate("100%");
        try (Stream<Path> peers = Files.list(iteration)) {
            Path receiver = peers.filter(p -> p.getFileName().toString().startsWith("receiver-2"))
                    .findFirst()
                    .orElseThrow();
            Files.delete(receiver.resolve("peer-result.json"));
        }
        TestSummary summary = Reporter.summarize(iteration);

        assertNull(summary.messages().lost(), summary.messages().toString());
        assertEquals(Verdict.FAILURE, summary.outcome(), summary.reason());
        assertEquals(Decider.LOSS, summary.decidedBy());
        assertTrue(
                summary.reason().startsWith("lost messages unknown (")
                        && summary.reason().contains("receiver-2@beta")
                        && summary.reason().endsWith("MAXIMUM_LOSS 100% needs every sender's and receiver's counts"),
                summary.reason());
    }
}
