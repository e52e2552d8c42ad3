package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;

/** A script's jitter figures: the receivers' jitter logs at a fixed rate; refused, naming RATE, at unbounded rate. */
class JitterFiguresTest {
    private static final long START = 1_732_262_400_000L;

    @TempDir
    Path work;

    @Test
    void fixedRateResultHasTheJitterOfTheLogsInMilliseconds() throws IOException {
        Path receiver = receiver(work.resolve("fixed/0"), "200");
        log(receiver.resolve("jitter-late.hlog"), 120, 2_500_000);
        log(receiver.resolve("jitter-early.hlog"), 80, 5_000);

        TestResult result = result(work.resolve("fixed/0"));
        assertEquals(2_500_000 / 1000.0, result.getJitterMaxMs(), 2.5, "within HdrHistogram's 3 digits");
        assertEquals(5.0, result.getJitterEarlyMaxMs(), 0.005);
        assertEquals(0.12, result.getJitterP50Ms(), 0.001);
    }

    @Test
    void askingForTheJitterOfAnUnboundedRunIsRefusedNamingRate() throws IOException {
        receiver(work.resolve("unbounded/0"), "0");

        TestResult result = result(work.resolve("unbounded/0"), TestOptions.DEFAULTS.with(OptionCode.RATE, "0"));
        assertEquals(0.1, result.getResponseP99Ms(), 0.001, "latency is there");
        IllegalStateException refused = assertThrows(IllegalStateException.class, result::getJitterMaxMs);
        assertTrue(
                refused.getMessage().contains("RATE 0 (unbounded)")
                        && refused.getMessage().contains("RATE > 0"),
                refused.getMessage());
        assertThrows(IllegalStateException.class, result::getJitterEarlyMaxMs);
        assertThrows(IllegalStateException.class, result::getJitterP99Ms);
    }

    @Test
    void askingForTheJitterOfARunOnARateProfileIsRefusedNamingIt() throws IOException {
        receiver(work.resolve("profile/0"), "0");

        TestResult result =
                result(work.resolve("profile/0"), TestOptions.DEFAULTS.with(OptionCode.RATE_PROFILE, "100 for 3s"));
        IllegalStateException refused = assertThrows(IllegalStateException.class, result::getJitterP99Ms);
        assertTrue(refused.getMessage().contains("it ran on a RATE_PROFILE"), refused.getMessage());
    }

    @Test
    void aFixedRateRunWithoutJitterLogsHasNoJitterFigures() throws IOException {
        receiver(work.resolve("older/0"), "200");

        TestResult result = result(work.resolve("older/0"), TestOptions.DEFAULTS.with(OptionCode.RATE, "200"));
        assertNull(result.getJitterMaxMs());
        assertNull(result.getJitterP99Ms());
    }

    private static TestResult result(Path iteration) {
        return result(iteration, TestOptions.DEFAULTS.with(OptionCode.RATE, "200"));
    }

    private static TestResult result(Path iteration, TestOptions options) {
        return new TestResult(
                "t",
                0,
                true,
                "",
                iteration,
                options,
                Figures.of(Figures.summarize(iteration).orElseThrow()),
                List.of());
    }

    private static Path receiver(Path iteration, String rate) throws IOException {
        Path dir = Files.createDirectories(iteration.resolve("receiver-1@alpha"));
        Files.writeString(
                dir.resolve("test.properties"),
                "peer.name=receiver-1@alpha\npeer.role=receiver\n"
                        + "peer.host=alpha\ntest.name=t\ntest.iteration=0\ntest.start=" + START + "\ntest.end="
                        + (START + 3000) + "\nwarmup.end=0\nRATE=" + rate + "\n");
        log(dir.resolve("response-time.hlog"), 100, 100);
        return dir;
    }

    /** Three measured seconds of 100 values each, the last with one {@code peak}. */
    private static void log(Path file, long value, long peak) throws IOException {
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputStartTime(START);
            writer.setBaseTime(START);
            writer.outputBaseTime(START);
            writer.outputLegend();
            for (int i = 0; i < 3; i++) {
                Histogram histogram = new Histogram(3_600_000_000L, 3);
                histogram.setStartTimeStamp(START + i * 1000L);
                histogram.setEndTimeStamp(START + (i + 1) * 1000L);
                histogram.recordValueWithCount(value, 100);
                if (i == 2) {
                    histogram.recordValue(peak);
                }
                writer.outputIntervalHistogram(histogram);
            }
        }
    }
}
