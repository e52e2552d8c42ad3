package org.maestro.common.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.files.inspector.InspectorProperties;
import org.maestro.common.measure.RecordedVerdict;
import org.maestro.common.measure.RecordedVerdictReader;

/**
 * Result files survive a writer killed with SIGKILL at any moment: a process rewriting them in a loop
 * ({@link ResultWriterLoop}) is killed again and again at random times, and every file it left is whole each time.
 */
class AtomicFilesKillTest {
    private static final int KILLS = 6;
    private static final Pattern REASON = Pattern.compile("generation=(\\d+) size=(\\d+);x*");
    private static final Pattern FIRST_LINE = Pattern.compile("generation (\\d+) lines (\\d+)");

    @TempDir
    Path directory;

    @Test
    void aWriterKilledAtAnyMomentLeavesEveryFileWhole() throws Exception {
        Random random = new Random(31);
        long highest = 0;
        for (int kill = 1; kill <= KILLS; kill++) {
            Process writer = start();
            awaitReady(writer);
            Thread.sleep(random.nextInt(400));
            writer.destroyForcibly(); // SIGKILL on Unix
            assertTrue(writer.waitFor(30, TimeUnit.SECONDS), "the writer ends once killed");
            assertEquals(137, writer.exitValue(), "the writer was killed by SIGKILL, not ended on its own");

            long outcome = checkOutcome();
            checkProperties();
            long lines = checkLines();
            highest = Math.max(highest, Math.max(outcome, lines));
        }
        assertTrue(highest > 1, "the writer got past its first generation at least once; got " + highest);
        try (Stream<Path> files = Files.list(directory)) {
            List<String> names = files.map(p -> p.getFileName().toString())
                    .filter(name -> !name.endsWith(AtomicFiles.TEMPORARY_SUFFIX))
                    .sorted()
                    .toList();
            assertEquals(
                    List.of(InspectorProperties.FILE, ResultWriterLoop.LINES_FILE, RecordedVerdict.RUNNER_FILE), names);
        }
    }

    @Test
    void aFailedWriteLeavesTheOldFileAndNoTemporaryFile() throws IOException {
        Path file = directory.resolve("summary.json");
        AtomicFiles.writeString(file, "{\"old\": true}");

        IOException failure = assertThrows(
                IOException.class,
                () -> AtomicFiles.write(file, out -> {
                    out.write("{\"new\": ".getBytes(StandardCharsets.UTF_8));
                    throw new IOException("disk full");
                }));

        assertEquals("disk full", failure.getMessage());
        assertEquals("{\"old\": true}", Files.readString(file));
        try (Stream<Path> files = Files.list(directory)) {
            assertEquals(List.of(file), files.toList(), "no temporary file is left");
        }
    }

    @Test
    void aNewFileIsReadableByEveryoneAndItsDirectoryIsMade() throws IOException {
        Path file = directory.resolve("a").resolve("b").resolve("junit.xml");
        AtomicFiles.writeString(file, "<testsuite/>");
        assertEquals("<testsuite/>", Files.readString(file));
        assertEquals(
                "rw-r--r--",
                java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    private Process start() throws IOException {
        return new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        ResultWriterLoop.class.getName(),
                        directory.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
    }

    private static void awaitReady(Process writer) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        assertEquals(ResultWriterLoop.READY, line, "the writer wrote every file once");
    }

    /** The generation of the verdict file, checked whole: its reason is as long as it says. */
    private long checkOutcome() throws IOException {
        RecordedVerdict outcome = RecordedVerdictReader.read(directory, RecordedVerdict.RUNNER_FILE)
                .orElseThrow();
        Matcher matcher = REASON.matcher(outcome.reason());
        assertTrue(
                matcher.matches(),
                "the verdict's reason is whole: " + outcome.reason().length() + " characters");
        assertEquals(Integer.parseInt(matcher.group(2)), outcome.reason().length(), "the reason has its full length");
        return Long.parseLong(matcher.group(1));
    }

    private void checkProperties() throws IOException {
        Map<String, String> properties = InspectorProperties.read(directory).orElseThrow();
        assertEquals(
                Integer.parseInt(properties.get("size")),
                properties.get("filler").length(),
                "inspector.properties is whole");
    }

    /** The generation of the lines file, checked whole: as many lines as its first line says, then its end line. */
    private long checkLines() throws IOException {
        List<String> lines = Files.readAllLines(directory.resolve(ResultWriterLoop.LINES_FILE));
        Matcher first = FIRST_LINE.matcher(lines.get(0));
        assertTrue(first.matches(), lines.get(0));
        long generation = Long.parseLong(first.group(1));
        assertEquals(Long.parseLong(first.group(2)) + 2, lines.size(), "the lines file has all its lines");
        assertEquals("end of generation " + generation, lines.get(lines.size() - 1));
        assertFalse(lines.get(lines.size() - 2).isEmpty());
        return generation;
    }
}
