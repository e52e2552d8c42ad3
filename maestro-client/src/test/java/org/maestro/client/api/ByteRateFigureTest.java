package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
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
}
