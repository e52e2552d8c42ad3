package org.maestro.worker.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.HistogramLogProcessor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A latency log says its unit, and the HistogramLogProcessor command its header gives prints milliseconds. */
class LatencyLogHeaderTest {

    static final long START = 1_732_262_400_000L;

    @TempDir
    Path directory;

    @Test
    void theHeaderNamesMicrosecondsAndItsCommandReadsTheLogInMilliseconds() throws Exception {
        Path file = directory.resolve("response-time.hlog");
        try (LatencyLog log = new LatencyLog(file, START)) {
            SingleWriterLatencyRecorder recorder = log.newRecorder();
            recorder.record(900_000, true); // warm-up: not in the processed output
            log.writeInterval(START, START + 1000);
            for (int i = 1; i <= 999; i++) {
                recorder.record(i * 100L, false);
            }
            recorder.record(473_600, false); // 473.6 ms
            log.writeInterval(START + 1000, START + 2000);
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertTrue(lines.get(0).startsWith("#maestro response-time.hlog: values in microseconds (us)"), lines.get(0));
        String command = lines.get(1);
        assertTrue(command.contains("-outputValueUnitRatio 1000"), command);

        // run the command of the header, as a user would, with the output in a file
        Matcher arguments = Pattern.compile("org\\.HdrHistogram\\.HistogramLogProcessor (.*?) \\(")
                .matcher(command);
        assertTrue(arguments.find(), command);
        List<String> args = new ArrayList<>(List.of(arguments.group(1).split(" ")));
        args.set(args.indexOf("response-time.hlog"), file.toString());
        Path output = directory.resolve("processed");
        args.addAll(List.of("-o", output.toString()));
        new HistogramLogProcessor(args.toArray(String[]::new)).run();
        String distribution = Files.readString(Path.of(output + ".hgrm"));
        Matcher max = Pattern.compile("#\\[Max\\s+=\\s+([\\d.]+), Total count\\s+=\\s+(\\d+)]")
                .matcher(distribution);
        assertTrue(max.find(), distribution);
        assertEquals(473.6, Double.parseDouble(max.group(1)), 0.5, "the max in ms");
        assertEquals(1000, Long.parseLong(max.group(2)), "the measured values only");
    }
}
