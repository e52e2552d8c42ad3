package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maestro.dist.JenkinsBuild.StageStatus.FAILED;
import static org.maestro.dist.JenkinsBuild.StageStatus.RAN;
import static org.maestro.dist.JenkinsBuild.StageStatus.SKIPPED_AFTER_FAILURE;
import static org.maestro.dist.JenkinsBuild.StageStatus.SKIPPED_BY_WHEN;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;
import org.maestro.dist.JenkinsBuild.Result;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.html.IndexPage;
import org.maestro.reporter.out.JUnitXml;

/**
 * Builds docs/jenkins/Jenkinsfile under JenkinsPipelineUnit with its sh steps run for real ({@code /bin/sh -xe} in the
 * workspace) against the built distribution: the workspace holds maestro-dist/target/maestro (the one this build
 * packaged) and the repository's test-scripts/, so the default TEST_SCRIPT runs as a short embedded test. Only the
 * pipeline's {@code mvn package} is stood in for, since this build's package phase made that distribution. Checks that
 * the commands work, that each real exit status gives the build result the pipeline promises, and that the files the
 * post steps publish are the files maestro-cli wrote.
 */
class JenkinsfileIT {
    private static final String MVN_PACKAGE = "mvn -B -ntp -DskipTests package";
    private static final Duration STEP_DEADLINE = Duration.ofSeconds(180);

    @TempDir
    Path workspace;

    @TempDir
    Path home;

    private final Map<String, String> standIns =
            Map.of(MVN_PACKAGE, "this build's package phase made maestro-dist/target/maestro");
    private WorkspaceShell shell;

    private JenkinsBuild build(Map<String, ?> parameters) throws Exception {
        Path target = Files.createDirectories(workspace.resolve("maestro-dist/target"));
        Files.createSymbolicLink(target.resolve("maestro"), Distribution.directory());
        Files.createSymbolicLink(workspace.resolve("test-scripts"), RepositoryFiles.path("test-scripts"));
        Map<String, String> node = new LinkedHashMap<>(Distribution.bareJreEnvironment(home));
        node.put("WORKSPACE", workspace.toString());
        node.put("BUILD_NUMBER", "1");
        node.put("JOB_NAME", "maestro");
        node.put("BUILD_URL", "https://jenkins.example.com/job/maestro/1/");
        // a node's own environment reaches every step: this one keeps FixedRateTest's warm-up out of a short run
        node.put("WARM_UP", "0s");
        shell = new WorkspaceShell(workspace, standIns, STEP_DEADLINE);
        return new JenkinsPipeline(RepositoryFiles.path(JenkinsfileTest.JENKINSFILE), node, shell).build(parameters);
    }

    private String describe(JenkinsBuild build) {
        return build.result() + " " + build.stages() + "\n" + shell;
    }

    @Test
    void runsAShortEmbeddedTestComparesItAndPublishesWhatMaestroCliWrote() throws Exception {
        Path results = workspace.resolve("results");
        // the run compared with itself: a real comparison that must find no regression
        JenkinsBuild build = build(
                Map.of("RATE", "200", "PARALLEL_COUNT", "1", "TEST_DURATION", "2s", "BASELINE", results.toString()));

        assertEquals(Result.SUCCESS, build.result(), describe(build));
        assertEquals(
                Map.of(
                        "Build maestro", RAN,
                        "Check the peers", SKIPPED_BY_WHEN,
                        "Run the test", RAN,
                        "Compare with the baseline", RAN),
                build.stages());
        assertTrue(
                shell.onlyRunContaining("--version").output().contains("maestro-cli " + Distribution.version()),
                describe(build));
        assertTrue(shell.onlyRunContaining(" run ").output().contains("PASSED"), describe(build));
        assertTrue(shell.onlyRunContaining(" compare ").output().contains("No regression"), describe(build));
        assertEquals(results, Path.of(build.environment().get("RESULTS")));

        Set<String> junitWritten = filesUnder(results, JUnitXml.FILE_NAME);
        assertFalse(junitWritten.isEmpty(), "the run wrote no " + JUnitXml.FILE_NAME);
        String junit = build.onlyStep("junit").named().get("testResults").toString();
        assertEquals(junitWritten, PublishedFiles.selected(workspace, junit), "junit publishes what the run wrote");

        Path page = workspace.resolve(PublishedFiles.htmlReport(build.onlyStep("publishHTML")));
        assertEquals(results.resolve(IndexPage.FILE_NAME), page, "publishHTML shows the index of the results");
        assertTrue(Files.isRegularFile(page), page + " was not written");
        assertTrue(Files.isRegularFile(page.resolveSibling(Reporter.COMPARISON_HTML)), "no comparison page");
        assertTrue(Files.readString(page).contains(Reporter.COMPARISON_HTML), "the index links no comparison");

        String archived =
                build.onlyStep("archiveArtifacts").named().get("artifacts").toString();
        assertEquals(filesUnder(results, null), PublishedFiles.selected(workspace, archived), "archived: all results");
    }

    @Test
    void anUnreachableControlBrokerFailsTheBuildAtThePeerCheck() throws Exception {
        String broker = "mqtt://127.0.0.1:" + closedPort();
        JenkinsBuild build = build(Map.of("MAESTRO_BROKER", broker));

        assertEquals(Result.FAILURE, build.result(), describe(build));
        assertEquals(FAILED, build.stages().get("Check the peers"));
        assertEquals(SKIPPED_AFTER_FAILURE, build.stages().get("Run the test"));
        CommandRun.Result ping = shell.onlyRunContaining(" ping ");
        assertEquals(ExitCode.INFRASTRUCTURE.code(), ping.exitCode(), ping.toString());
        assertTrue(ping.output().contains(broker.substring("mqtt://".length())), "names the broker: " + ping);
        for (String step : List.of("archiveArtifacts", "junit", "publishHTML")) {
            assertEquals("post", build.onlyStep(step).stage(), step + " still runs");
        }
        assertEquals(
                Set.of(),
                PublishedFiles.selected(
                        workspace,
                        build.onlyStep("junit").named().get("testResults").toString()),
                "no test ran, no JUnit XML");
    }

    /** The files below {@code results} (only those named {@code name}, unless null), relative to the workspace. */
    private Set<String> filesUnder(Path results, String name) throws IOException {
        try (Stream<Path> files = Files.walk(results)) {
            Set<String> found = new TreeSet<>();
            files.filter(Files::isRegularFile)
                    .filter(file ->
                            name == null || file.getFileName().toString().equals(name))
                    .forEach(file -> found.add(workspace.relativize(file).toString()));
            return found;
        }
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
