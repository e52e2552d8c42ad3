package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reporter.SyntheticResults;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.build.Reporter;

/** The byte rate is the measured rate times MESSAGE_SIZE, and the table of a run prints it. */
class ByteRateFigureTest {

    @TempDir
    Path results;

    @Test
    void megabytesPerSecondIsTheMeasuredRateTimesTheMessageSizeAndTheRunTablePrintsIt() throws Exception {
        SyntheticResults.writeStandard(results, 1.0, 1.0);
        Path iteration = results.resolve("fixed-rate/0");
        TestSummary summary = Reporter.summarize(iteration);
        Map<String, Number> figures = Figures.of(summary);
        TestResult result = new TestResult("fixed-rate", 0, true, "ok", iteration, null, figures, List.of());
        assertEquals(summary.throughput() * 256 / 1e6, result.getMegabytesPerSecond(), 1e-9);
        assertTrue(result.getMegabytesPerSecond() > 0, figures.toString());

        Method print = Class.forName("org.maestro.cli.RunCommand")
                .getDeclaredMethod("printSummary", List.class, PrintWriter.class);
        print.setAccessible(true);
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            print.invoke(null, List.of(result), out);
        }
        String[] lines = text.toString().strip().split("\n");
        assertTrue(lines[0].contains("RATE msg/s") && lines[0].contains("MB/s"), lines[0]);
        assertTrue(lines[2].startsWith("SENT to VANISHED: the whole test, warm-up included;"), lines[2]);
        assertTrue(
                lines[1].contains(String.format(java.util.Locale.ROOT, "%10.3f", result.getMegabytesPerSecond())),
                lines[1]);
    }
}
