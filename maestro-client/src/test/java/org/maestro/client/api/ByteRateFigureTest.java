package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reporter.SyntheticResults;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.build.Reporter;

/** The byte rate is the measured rate times MESSAGE_SIZE (maestro-cli's RunSummaryTableTest: the table prints it). */
class ByteRateFigureTest {

    @TempDir
    Path results;

    @Test
    void megabytesPerSecondIsTheMeasuredRateTimesTheMessageSize() throws Exception {
        SyntheticResults.writeStandard(results, 1.0, 1.0);
        Path iteration = results.resolve("fixed-rate/0");
        TestSummary summary = Reporter.summarize(iteration);
        Map<String, Number> figures = Figures.of(summary);
        TestResult result = new TestResult("fixed-rate", 0, true, "ok", iteration, null, figures, List.of());
        assertEquals(summary.throughput() * 256 / 1e6, result.getMegabytesPerSecond(), 1e-9);
        assertTrue(result.getMegabytesPerSecond() > 0, figures.toString());
    }

    @Test
    void withCountedBytesTheResultHasTheByteRateAndTheMeanSizeSent() throws Exception {
        Path iteration = results.resolve("fixed-rate/0");
        new SyntheticResults(42, 1.0, 1.0).fixedRate(iteration, SyntheticResults.T0, false);
        for (String peer : List.of("sender-1@alpha", "sender-2@alpha", "receiver-1@alpha", "receiver-2@beta")) {
            Files.writeString(
                    iteration.resolve(peer).resolve("test.properties"),
                    "payload.bytes=2000000\npayload.measured.bytes=1000000\npayload.measured.messages=1000\n",
                    StandardOpenOption.APPEND);
        }
        TestSummary summary = Reporter.summarize(iteration);
        TestResult result =
                new TestResult("fixed-rate", 0, true, "ok", iteration, null, Figures.of(summary), List.of());
        // 4,000,000 bytes over 4,000 measured messages on either side: 1,000 bytes each
        assertEquals(1000.0, result.getMeanMessageBytes(), 1e-9);
        assertEquals(summary.throughput() * 1000.0, result.getBytesPerSecond(), 1e-6);
        assertEquals(summary.throughput() * 1000.0 / 1e6, result.getMegabytesPerSecond(), 1e-12);
    }
}
