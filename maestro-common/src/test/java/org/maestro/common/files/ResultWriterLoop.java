package org.maestro.common.files;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.maestro.common.files.inspector.InspectorProperties;
import org.maestro.common.measure.RecordedVerdict;
import org.maestro.common.measure.RecordedVerdictWriter;

/**
 * A process that rewrites result files in a loop through the real writers, each generation of another size, until it
 * is killed: {@code java ResultWriterLoop <directory>}. Prints {@value #READY} once every file has been written once.
 * {@link #check} tells whether a file left behind is whole.
 */
public final class ResultWriterLoop {
    /** The line printed when every file exists. */
    static final String READY = "ready";
    /** The file written through {@link AtomicFiles#write(Path, AtomicFiles.Content)} line by line. */
    static final String LINES_FILE = "lines.txt";

    private ResultWriterLoop() {}

    public static void main(String[] args) throws IOException {
        Path directory = Path.of(args[0]);
        for (long generation = 1; ; generation++) {
            int size = 200_000 + (int) (generation * 7919 % 1_800_000);
            RecordedVerdictWriter.write(
                    directory,
                    RecordedVerdict.RUNNER_FILE,
                    RecordedVerdict.of(true, reason(generation, size), "run-1"));
            InspectorProperties.write(
                    directory,
                    Map.of("generation", Long.toString(generation), "filler", filler(size), "size", "" + size));
            long lines = size / 20;
            long current = generation;
            AtomicFiles.write(directory.resolve(LINES_FILE), out -> writeLines(out, current, lines));
            if (generation == 1) {
                System.out.println(READY);
                System.out.flush();
            }
        }
    }

    private static void writeLines(OutputStream out, long generation, long lines) throws IOException {
        out.write(("generation " + generation + " lines " + lines + "\n").getBytes(StandardCharsets.UTF_8));
        for (long i = 0; i < lines; i++) {
            out.write((i + " of generation " + generation + "\n").getBytes(StandardCharsets.UTF_8));
        }
        out.write(("end of generation " + generation + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** A verdict's reason that says its own length: {@code size=<n>;} then filler to that many characters. */
    static String reason(long generation, int size) {
        String head = "generation=" + generation + " size=" + size + ";";
        return head + filler(size - head.length());
    }

    static String filler(int size) {
        return "x".repeat(Math.max(0, size));
    }
}
