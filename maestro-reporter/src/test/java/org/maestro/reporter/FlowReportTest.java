package org.maestro.reporter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.files.rate.RateLog;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.out.SummaryJson;

/**
 * The figures of each flow of an iteration of several flows, against what the files written hold: the counts the
 * writer knows, rates recounted from each flow's rate.csv, latency counts from its interval logs; and the flows
 * adding up to the iteration.
 */
class FlowReportTest {
    /** Measured latency values per receiver log: 500 a second for 10 s, and an outlier in 3 of them. */
    private static final long LATENCY_VALUES = 10 * 500 + 3;

    @TempDir
    Path results;

    @Test
    void eachFlowHasTheIterationsFiguresOverItsOwnPeersAndTheyAddUp() throws IOException {
        Path iteration = results.resolve("orders-audit/0");
        SyntheticResults writer = new SyntheticResults(7, 1.0, 1.0);
        SyntheticResults.Truth orders = writer.flow(iteration, "orders", SyntheticResults.T0, 20_000, 300);
        SyntheticResults.Truth audit = writer.flow(iteration, "audit", SyntheticResults.T0, 4_000, 0);

        Reporter.build(results);
        TestSummary summary = SummaryJson.read(results.resolve("orders-audit/summary.json"))
                .iterations()
                .get(0);

        Map<String, FlowSummary> flows = summary.flows();
        assertEquals(List.of("audit", "orders"), List.copyOf(flows.keySet()));
        check(flows.get("orders"), orders, iteration, "orders", summary.rate().window());
        check(flows.get("audit"), audit, iteration, "audit", summary.rate().window());
        assertTrue(flows.get("audit").lossHeld(), flows.toString());
        assertFalse(flows.get("orders").lossHeld(), "300 lost, MAXIMUM_LOSS 1% of 20,000 is 200: " + flows);
        MessageCounts total = summary.messages();
        List<java.util.function.Function<MessageCounts, Long>> counts =
                List.of(MessageCounts::sent, MessageCounts::received, MessageCounts::lost, MessageCounts::vanished);
        for (java.util.function.Function<MessageCounts, Long> count : counts) {
            assertEquals(
                    count.apply(total),
                    count.apply(flows.get("orders").messages())
                            + count.apply(flows.get("audit").messages()),
                    "the flows' counts add up to the iteration's: " + total);
        }
        assertEquals(
                summary.rate().receiver().mean(),
                flows.get("orders").rate().receiver().mean()
                        + flows.get("audit").rate().receiver().mean(),
                1e-9);
        assertEquals(
                summary.latency().responseTime().count(),
                flows.get("orders").latency().responseTime().count()
                        + flows.get("audit").latency().responseTime().count());
        assertFalse(summary.parameters().containsKey("FLOW"), "a per-peer key: " + summary.parameters());

        String junit = Files.readString(results.resolve("orders-audit/junit.xml"));
        assertTrue(junit.contains("tests=\"3\""), junit);
        assertTrue(junit.contains("name=\"orders-audit.audit #0\""), junit);
        assertTrue(
                junit.contains("message=\"flow &apos;orders&apos;: lost 300 of 20,000 messages")
                        || junit.contains("message=\"flow 'orders': lost 300 of 20,000 messages"),
                junit);
        String page = Files.readString(results.resolve("orders-audit/iteration-0.html"));
        assertTrue(page.contains("<section class=\"flow\" id=\"flow-audit\""), "a section per flow");
        assertTrue(page.contains(">19,700<"), "orders received");
    }

    @Test
    void anIterationOfOneFlowHasNoFlowFigures() throws IOException {
        Path iteration = results.resolve("single/0");
        new SyntheticResults(7, 1.0, 1.0).simple(iteration, SyntheticResults.T0, 1_000, "success", "ok");

        Reporter.build(results);

        assertNull(Reporter.summarize(iteration).flows());
        assertFalse(Files.readString(results.resolve("single/summary.json")).contains("\"flows\""));
        assertFalse(Files.readString(results.resolve("single/iteration-0.html")).contains("id=\"flows\""));
        assertTrue(Files.readString(results.resolve("single/junit.xml")).contains("tests=\"1\""));
    }

    /** A flow's figures against the writer's truth and against its own files, recounted here. */
    private static void check(
            FlowSummary flow,
            SyntheticResults.Truth truth,
            Path iteration,
            String name,
            TestSummary.MeasuredWindow window)
            throws IOException {
        assertEquals(truth.sent, flow.messages().sent(), name);
        assertEquals(truth.received, flow.messages().received(), name);
        assertEquals(truth.lost, flow.messages().lost(), name);
        assertEquals(
                flow.messages().sent(),
                flow.messages().received()
                        + flow.messages().refused()
                        + flow.messages().vanished(),
                "sent = received + refused + vanished");
        assertEquals(List.of("sender-" + name + "@alpha"), flow.senders());
        long measured = RateLog.read(iteration.resolve("sender-" + name + "@alpha/rate.csv")).stream()
                .mapToLong(RateLog.Row::measured)
                .sum();
        assertEquals(measured, flow.rate().sender().total(), name);
        assertEquals(measured * 1000.0 / window.millis(), flow.rate().sender().mean(), 1e-9, name);
        assertEquals(LATENCY_VALUES, flow.latency().responseTime().count(), name);
    }
}
