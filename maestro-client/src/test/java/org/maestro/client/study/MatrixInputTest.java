package org.maestro.client.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.api.MaestroException;
import org.maestro.client.api.Progress;
import org.maestro.client.api.TestDefinition;
import org.maestro.client.api.TestRunner;
import org.maestro.client.script.Maestro;
import org.maestro.client.script.ScriptRunner;
import org.maestro.common.cli.ExitCode;
import org.maestro.reporter.study.StudyState;

/**
 * A matrix with bad input is refused before any test runs, saying what is wrong and how to fix it. The runner here
 * has no control client: had a test started, it would fail on that instead of giving the refusal.
 */
class MatrixInputTest {
    @TempDir
    Path work;

    private final List<String> notes = new ArrayList<>();

    private MaestroException refusal(String matrix, Map<String, String> environment, boolean resume, boolean yes)
            throws IOException {
        Path script = Files.writeString(work.resolve("study.groovy"), "maestro.matrix {\n" + matrix + "\n}\n");
        TestRunner runner = new TestRunner(null, work.resolve("results"), Progress.silent(), environment::get, p -> {});
        Maestro maestro = new Maestro(runner, environment::get, new TestDefinition(), null);
        maestro.studySettings(resume, yes, "maestro-cli run study.groovy --resume", notes::add);
        MaestroException refused = assertThrows(MaestroException.class, () -> ScriptRunner.run(script, maestro));
        assertEquals(ExitCode.USAGE, refused.exitCode(), refused.getMessage());
        assertTrue(maestro.getResults().isEmpty());
        return refused;
    }

    @Test
    void anEmptyDimensionIsRefusedNamingIt() throws IOException {
        String message = refusal("name 'sizes'; messageSize 256, 1024; rate([]); repeat 2", Map.of(), false, false)
                .getMessage();

        assertEquals(
                "maestro.matrix 'sizes' cannot run: dimension rate is empty; give it at least one value, e.g. "
                        + "rate 1, 2",
                message);
        assertFalse(Files.exists(work.resolve("results/sizes/" + StudyState.FILE_NAME)), "nothing was written");
    }

    @Test
    void aRepeatBelowOneIsRefused() throws IOException {
        assertEquals(
                "maestro.matrix 'study' cannot run: repeat 0 is less than 1; give repeat 1 or more",
                refusal("rate 100, 200; repeat 0", Map.of(), false, false).getMessage());
    }

    @Test
    void aValueTheParameterDoesNotTakeAndAnOverridingEnvironmentAreRefusedTogether() throws IOException {
        String message = refusal("rate 100, -5; parallelCount 1, 2", Map.of("PARALLEL_COUNT", "3"), false, false)
                .getMessage();

        assertTrue(message.contains("dimension rate: "), message);
        assertTrue(message.contains("-5"), message);
        assertTrue(
                message.contains("PARALLEL_COUNT=3 is set in the environment and would override the dimension "
                        + "parallelCount in every cell; unset it"),
                message);
    }

    @Test
    void moreThanFiveHundredRunsAreRefusedWithTheCountAndHowToNarrowIt() throws IOException {
        String message = refusal(
                        "rate((1..30).collect { it * 100 }); messageSize 256, 1024; dimension 'mode', 'a', "
                                + "'b', 'c'; repeat 3",
                        Map.of(),
                        false,
                        false)
                .getMessage();

        assertEquals(
                "maestro.matrix 'study' has 30 × 2 × 3 = 180 cell(s) × 3 repeat(s) = 540 runs, more than 500; "
                        + "narrow it (fewer values — the largest dimension is rate with 30 values, or fewer repeats), or "
                        + "allow it: run the same command with --yes added, or set allowLarge true in maestro.matrix",
                message);
    }

    @Test
    void aLargeMatrixIsAllowedByYesOrByTheMatrixItselfAndThenReachesTheRunner() throws IOException {
        String matrix = "rate((1..30).collect { it * 100 }); messageSize 256, 1024; dimension 'mode', 'a', 'b', 'c'; "
                + "repeat 3";
        // allowed: the study starts, writes its state and asks the runner (which has no client here) for a test
        for (String variant : List.of(matrix, matrix + "; allowLarge true")) {
            Path script = Files.writeString(work.resolve("large.groovy"), "maestro.matrix {\n" + variant + "\n}\n");
            TestRunner runner = new TestRunner(null, work.resolve("results"), Progress.silent(), n -> null, p -> {});
            Maestro maestro = new Maestro(runner, n -> null, new TestDefinition().sut("amqp://127.0.0.1:1/q"), null);
            maestro.studySettings(false, !variant.contains("allowLarge"), "resume", notes::add);
            assertThrows(RuntimeException.class, () -> ScriptRunner.run(script, maestro));
            StudyState state = StudyState.read(work.resolve("results/study")).orElseThrow();
            assertEquals(540, state.runCount());
            assertEquals(0, state.runs().size());
        }
        assertTrue(
                notes.stream().anyMatch(n -> n.contains("stopped after 0 of 540 runs") && n.endsWith("resume")),
                notes.toString());
    }

    @Test
    void aHeatMapOverAnUnknownDimensionAReservedNameAndAnUnknownSpreadAreRefused() throws IOException {
        String message = refusal(
                        "rate 1, 2; dimension 'repeat', 1, 2; heatMap 'rate', 'size'; spread 'p98'",
                        Map.of(),
                        false,
                        false)
                .getMessage();

        assertTrue(message.contains("'repeat' cannot name a dimension"), message);
        assertTrue(
                message.contains(
                        "heatMap names 'size', which is no dimension of the study; its dimensions are " + "rate"),
                message);
        assertTrue(
                message.contains("spread 'p98' is no statistic of a study; use one of throughput, p50Ms, p99Ms, "
                        + "maxMs, lost, lostPercent"),
                message);
    }

    @Test
    void resumingAStudyWhoseMatrixChangedIsRefusedNamingTheDifference() throws IOException {
        new StudyState(
                        StudyState.FORMAT_VERSION,
                        "study",
                        List.of(
                                new StudyState.Dimension("rate", "RATE", List.of("100", "200")),
                                new StudyState.Dimension("mode", null, List.of("a", "b"))),
                        3,
                        List.of(),
                        List.of(new StudyState.Run(0, 1, 0, "success")))
                .write(work.resolve("results/study"));

        String message = refusal("rate 100, 200, 400; dimension 'mode', 'a', 'b'; repeat 2", Map.of(), true, false)
                .getMessage();

        assertTrue(
                message.startsWith("--resume refused: the study 'study' in " + work.resolve("results/study")
                        + " was started with another matrix; the script now has rate 100, 200, 400 instead of 100, 200; "
                        + "repeat 2 instead of 3."),
                message);
        assertEquals(
                1,
                StudyState.read(work.resolve("results/study"))
                        .orElseThrow()
                        .runs()
                        .size(),
                "the earlier state is kept");
    }

    @Test
    void cellsAreNumberedWithTheLastDimensionFastest() {
        StudyState state = new StudyState(
                StudyState.FORMAT_VERSION,
                "s",
                List.of(
                        new StudyState.Dimension("rate", "RATE", List.of("100", "1000")),
                        new StudyState.Dimension("messageSize", "MESSAGE_SIZE", List.of("256", "1024", "4096"))),
                2,
                List.of(),
                List.of());

        List<String> labels = new ArrayList<>();
        for (int cell = 0; cell < state.cellCount(); cell++) {
            labels.add(state.cellLabel(cell));
        }

        assertEquals(
                List.of(
                        "rate=100 messageSize=256",
                        "rate=100 messageSize=1024",
                        "rate=100 messageSize=4096",
                        "rate=1000 messageSize=256",
                        "rate=1000 messageSize=1024",
                        "rate=1000 messageSize=4096"),
                labels);
        assertEquals(12, state.runCount());
    }
}
