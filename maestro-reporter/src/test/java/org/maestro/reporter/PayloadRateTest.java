package org.maestro.reporter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reporter.build.Reporter;

/**
 * The byte rate of a run whose peers counted the body bytes: the mean size of a measured message times the measured
 * rate, in summary.json and the rate table; from peers that did not count them, MESSAGE_SIZE stands in.
 */
class PayloadRateTest {
    @TempDir
    Path results;

    @Test
    void theByteRateIsTheCountedMeanSizeTimesTheMeasuredRate() throws IOException {
        Path iteration = results.resolve("fixed-rate/0");
        new SyntheticResults(42, 1.0, 1.0).fixedRate(iteration, SyntheticResults.T0, false);
        count(iteration.resolve("sender-1@alpha"), 9_000_000, 7_000_000, 5_000);
        count(iteration.resolve("sender-2@alpha"), 3_000_000, 2_000_000, 3_000);
        count(iteration.resolve("receiver-1@alpha"), 6_000_000, 4_500_000, 4_000);
        count(iteration.resolve("receiver-2@beta"), 5_000_000, 4_000_000, 3_500);
        Reporter.build(results);

        Map<Long, Long> sent = Expected.measuredPerSecond(
                List.of(iteration.resolve("sender-1@alpha/rate.csv"), iteration.resolve("sender-2@alpha/rate.csv")));
        Map<Long, Long> received = Expected.measuredPerSecond(
                List.of(iteration.resolve("receiver-1@alpha/rate.csv"), iteration.resolve("receiver-2@beta/rate.csv")));
        double sentMean = 9_000_000 / 8_000.0; // (7,000,000 + 2,000,000) bytes over 8,000 measured messages
        double receivedMean = 8_500_000 / 7_500.0;
        double sentBytesPerSecond = Expected.mean(sent) * sentMean;
        double receivedBytesPerSecond = Expected.mean(received) * receivedMean;

        JsonNode rate = new ObjectMapper()
                .readTree(results.resolve("fixed-rate/summary.json").toFile())
                .get("iterations")
                .get(0)
                .get("rate");
        assertEquals(sentMean, rate.get("sender").get("meanSize").asDouble(), 1e-9);
        assertEquals(
                sentBytesPerSecond, rate.get("sender").get("bytesPerSecond").asDouble(), 1e-6);
        assertEquals(
                sentBytesPerSecond / 1e6,
                rate.get("sender").get("megabytesPerSecond").asDouble(),
                1e-12);
        assertEquals(receivedMean, rate.get("receiver").get("meanSize").asDouble(), 1e-9);
        assertEquals(
                receivedBytesPerSecond,
                rate.get("receiver").get("bytesPerSecond").asDouble(),
                1e-6);

        Document page =
                Jsoup.parse(results.resolve("fixed-rate/iteration-0.html").toFile());
        Elements senders = page.select("table#rates tbody tr").get(0).select("td");
        assertEquals("senders", senders.get(0).text());
        assertEquals(
                String.format(Locale.ROOT, "%,.0f", sentBytesPerSecond),
                senders.get(8).text());
        assertEquals(
                String.format(Locale.ROOT, "%,.1f", sentMean), senders.get(9).text());
    }

    @Test
    void fromPeersThatDidNotCountBytesTheMessageSizeStandsIn() throws IOException {
        Path iteration = results.resolve("fixed-rate/0");
        new SyntheticResults(42, 1.0, 1.0).fixedRate(iteration, SyntheticResults.T0, false);
        count(iteration.resolve("sender-1@alpha"), 9_000_000, 7_000_000, 5_000); // sender-2 counted nothing
        TestSummary summary = Reporter.summarize(iteration);
        RateStats sent = summary.rate().sender();
        assertNull(sent.meanSize());
        assertNull(sent.bytesPerSecond());
        assertEquals(sent.mean() * 256 / 1e6, sent.megabytesPerSecond(), 1e-12);
    }

    private static void count(Path peer, long bytes, long measuredBytes, long measuredMessages) throws IOException {
        Files.writeString(
                peer.resolve("test.properties"),
                "payload.bytes=" + bytes + "\npayload.measured.bytes=" + measuredBytes + "\npayload.measured.messages="
                        + measuredMessages + "\n",
                StandardOpenOption.APPEND);
    }
}
