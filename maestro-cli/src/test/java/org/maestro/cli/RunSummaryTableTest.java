package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.maestro.client.api.TestResult;

/** The table {@code maestro-cli run} prints at the end has the byte rate of each test beside its message rate. */
class RunSummaryTableTest {

    @Test
    void theTablePrintsTheMegabytesPerSecondOfEachTest() {
        Map<String, Number> figures =
                Map.of("sent", 12_000L, "received", 12_000L, "meanRate", 1_000.0, "megabytesPerSecond", 0.256);
        TestResult result =
                new TestResult("fixed-rate", 0, true, "ok", Path.of("results/fixed-rate/0"), null, figures, List.of());
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            RunCommand.printSummary(List.of(result), out);
        }
        String[] lines = text.toString().strip().split("\n");
        assertTrue(lines[0].contains("RATE msg/s") && lines[0].contains("MB/s"), lines[0]);
        assertTrue(lines[1].contains(String.format(Locale.ROOT, "%10.3f", 0.256)), lines[1]);
        assertTrue(lines[1].contains(String.format(Locale.ROOT, "%,12.0f", 1_000.0)), lines[1]);
        assertTrue(lines[2].startsWith("SENT to VANISHED: the whole test, warm-up included;"), lines[2]);
    }
}
