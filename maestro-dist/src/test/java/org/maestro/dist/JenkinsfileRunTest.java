package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maestro.dist.JenkinsBuild.StageStatus.FAILED;
import static org.maestro.dist.JenkinsBuild.StageStatus.RAN;
import static org.maestro.dist.JenkinsBuild.StageStatus.SKIPPED_AFTER_FAILURE;
import static org.maestro.dist.JenkinsBuild.StageStatus.SKIPPED_BY_WHEN;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maestro.common.cli.ExitCode;
import org.maestro.dist.JenkinsBuild.Result;
import org.maestro.dist.JenkinsBuild.StageStatus;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.html.IndexPage;
import org.maestro.reporter.out.JUnitXml;
import org.maestro.reporter.out.SummaryJson;

/**
 * Builds docs/jenkins/Jenkinsfile under JenkinsPipelineUnit with maestro-cli answering the exit statuses under test:
 * the build result each status leads to, the stages that run with and without MAESTRO_BROKER and BASELINE, and that
 * what the post steps publish is where maestro-cli writes its JUnit XML and report.
 */
class JenkinsfileRunTest {
    private static final String BUILD = "Build maestro";
    private static final String CHECK_PEERS = "Check the peers";
    private static final String RUN = "Run the test";
    private static final String COMPARE = "Compare with the baseline";
    private static final String BASELINE = "/srv/maestro/baselines/fixed-rate";
    private static final String BROKER = "mqtt://maestro-broker.example.com:1883";

    @TempDir
    Path workspace;

    private final ScriptedShell shell = new ScriptedShell();

    private JenkinsBuild build(Map<String, ?> parameters) throws Exception {
        Map<String, String> node = new LinkedHashMap<>();
        node.put("PATH", "/usr/bin:/bin");
        node.put("WORKSPACE", workspace.toString());
        node.put("BUILD_NUMBER", "7");
        node.put("JOB_NAME", "maestro");
        node.put("BUILD_URL", "https://jenkins.example.com/job/maestro/7/");
        return new JenkinsPipeline(RepositoryFiles.path(JenkinsfileTest.JENKINSFILE), node, shell).build(parameters);
    }

    private static String describe(JenkinsBuild build) {
        return build.result() + " " + build.stages() + "\n"
                + String.join(
                        "\n",
                        build.steps().stream().map(JenkinsBuild.Step::toString).toList());
    }

    @ParameterizedTest(name = "maestro-cli run exits {0}: {1}")
    @CsvSource({"OK, SUCCESS", "TEST_FAILED, UNSTABLE", "USAGE, FAILURE", "INFRASTRUCTURE, FAILURE"})
    void theRunsExitCodeDecidesTheBuild(ExitCode run, Result expected) throws Exception {
        shell.answering("run", run.code());
        JenkinsBuild build = build(Map.of());

        assertEquals(expected, build.result(), describe(build));
        assertEquals(expected == Result.FAILURE ? FAILED : RAN, build.stages().get(RUN), describe(build));
        assertEquals(
                expected == Result.FAILURE ? SKIPPED_AFTER_FAILURE : SKIPPED_BY_WHEN,
                build.stages().get(COMPARE),
                "no BASELINE, no comparison (and after a failure no stage at all)");
        if (run == ExitCode.TEST_FAILED) {
            assertTrue(build.onlyStep("unstable").text().contains("exited 1"), describe(build));
        }
        if (expected == Result.FAILURE) {
            String error = build.onlyStep("error").text();
            assertTrue(
                    error.contains("exited " + run.code())
                            && error.contains(run.meaning().split(":")[0]),
                    "the error names the exit code and what it means: " + error);
        }
        assertPublished(build);
    }

    @Test
    void anExitCodeMaestroNeverGivesFailsTheBuild() throws Exception {
        shell.answering("run", 137); // killed, e.g. by the kernel's out-of-memory killer
        JenkinsBuild build = build(Map.of("BASELINE", BASELINE));

        assertEquals(Result.FAILURE, build.result(), describe(build));
        assertTrue(build.onlyStep("error").text().contains("exited 137"), describe(build));
        assertEquals(SKIPPED_AFTER_FAILURE, build.stages().get(COMPARE));
        assertEquals(List.of("--version", "run"), shell.subcommands());
        assertPublished(build);
    }

    @ParameterizedTest(name = "maestro-cli compare exits {0}, FAIL_ON_REGRESSION={1}: {2}")
    @CsvSource({
        "OK, false, SUCCESS",
        "OK, true, SUCCESS",
        "TEST_FAILED, false, UNSTABLE",
        "TEST_FAILED, true, FAILURE",
        "USAGE, false, FAILURE",
        "USAGE, true, FAILURE",
        "INFRASTRUCTURE, false, FAILURE",
        "INFRASTRUCTURE, true, FAILURE"
    })
    void theComparisonsExitCodeDecidesTheBuildAfterAPassedRun(
            ExitCode compare, boolean failOnRegression, Result expected) throws Exception {
        shell.answering("compare", compare.code());
        JenkinsBuild build = build(Map.of("BASELINE", BASELINE, "FAIL_ON_REGRESSION", failOnRegression));

        assertEquals(expected, build.result(), describe(build));
        assertEquals(RAN, build.stages().get(RUN));
        assertEquals(expected == Result.FAILURE ? FAILED : RAN, build.stages().get(COMPARE), describe(build));
        if (compare == ExitCode.TEST_FAILED) {
            String verdict = expected == Result.UNSTABLE
                    ? build.onlyStep("unstable").text()
                    : build.onlyStep("error").text();
            assertTrue(verdict.contains("regression"), verdict);
        } else if (compare != ExitCode.OK) {
            assertTrue(
                    build.onlyStep("error").text().contains("exited " + compare.code())
                            && build.onlyStep("error").text().contains(BASELINE),
                    describe(build));
        }
        assertPublished(build);
    }

    @ParameterizedTest(name = "run exits 1, compare exits {0}, FAIL_ON_REGRESSION={1}: {2}")
    @CsvSource({
        "OK, false, UNSTABLE",
        "OK, true, UNSTABLE",
        "TEST_FAILED, false, UNSTABLE",
        "TEST_FAILED, true, FAILURE",
        "USAGE, false, FAILURE"
    })
    void aFailedTestIsStillComparedAndTheWorseVerdictWins(ExitCode compare, boolean failOnRegression, Result expected)
            throws Exception {
        shell.answering("run", ExitCode.TEST_FAILED.code()).answering("compare", compare.code());
        JenkinsBuild build = build(Map.of("BASELINE", BASELINE, "FAIL_ON_REGRESSION", failOnRegression));

        assertEquals(expected, build.result(), describe(build));
        assertEquals(List.of("--version", "run", "compare"), shell.subcommands());
        assertTrue(build.steps("unstable").get(0).text().startsWith("the test failed"), describe(build));
    }

    @ParameterizedTest(name = "MAESTRO_BROKER=''{0}'' BASELINE=''{1}''")
    @CsvSource({
        "'', '', --version run",
        "'   ', '  ', --version run",
        BROKER + ", '', --version ping run",
        "'', " + BASELINE + ", --version run compare",
        BROKER + ", " + BASELINE + ", --version ping run compare"
    })
    void checksThePeersOnlyWithABrokerAndComparesOnlyWithABaseline(String broker, String baseline, String subcommands)
            throws Exception {
        JenkinsBuild build = build(Map.of("MAESTRO_BROKER", broker, "BASELINE", baseline));

        assertEquals(Result.SUCCESS, build.result(), describe(build));
        boolean distributed = !broker.isBlank();
        boolean compared = !baseline.isBlank();
        Map<String, StageStatus> expected = new LinkedHashMap<>();
        expected.put(BUILD, RAN);
        expected.put(CHECK_PEERS, distributed ? RAN : SKIPPED_BY_WHEN);
        expected.put(RUN, RAN);
        expected.put(COMPARE, compared ? RAN : SKIPPED_BY_WHEN);
        assertEquals(expected, build.stages());
        assertEquals(List.of(subcommands.split(" ")), shell.subcommands());
        assertEquals(
                "mvn -B -ntp -DskipTests package",
                shell.calls().get(0).script(),
                "the distribution is built before anything runs it");

        List<String> run = shell.onlyRunOf("run").maestroCli().orElseThrow();
        CliModel.parse(run, JenkinsfileTest.JENKINSFILE);
        assertEquals(broker, shell.onlyRunOf("run").environment().get("MAESTRO_BROKER"), "the run reads the broker");
        if (distributed) {
            List<String> ping = shell.onlyRunOf("ping").maestroCli().orElseThrow();
            assertEquals(broker, CliModel.optionValue(ping, "--maestro-url").orElseThrow());
        }
        if (compared) {
            List<String> compare = shell.onlyRunOf("compare").maestroCli().orElseThrow();
            assertEquals(baseline, CliModel.positional(compare, 0), "compare reads BASELINE as the baseline");
            assertEquals(
                    CliModel.optionValue(run, "--results").orElseThrow(),
                    CliModel.positional(compare, 1),
                    "compare checks the results the run just wrote");
        }
    }

    @Test
    void unreachablePeersFailTheBuildBeforeTheRun() throws Exception {
        shell.answering("ping", ExitCode.INFRASTRUCTURE.code());
        JenkinsBuild build = build(Map.of("MAESTRO_BROKER", BROKER, "BASELINE", BASELINE));

        assertEquals(Result.FAILURE, build.result(), describe(build));
        assertEquals(FAILED, build.stages().get(CHECK_PEERS));
        assertEquals(SKIPPED_AFTER_FAILURE, build.stages().get(RUN));
        assertEquals(SKIPPED_AFTER_FAILURE, build.stages().get(COMPARE));
        assertEquals(List.of("--version", "ping"), shell.subcommands());
        assertPublished(build);
    }

    @Test
    void theBuildParametersReachMaestroCliAsEnvironmentVariables() throws Exception {
        build(Map.of("RATE", "2500", "TEST_DURATION", "90s", "SEND_RECEIVE_URL", "amqp://sut:5672/q"));

        Map<String, String> environment = shell.onlyRunOf("run").environment();
        assertEquals("2500", environment.get("RATE"));
        assertEquals("90s", environment.get("TEST_DURATION"));
        assertEquals("amqp://sut:5672/q", environment.get("SEND_RECEIVE_URL"));
        assertEquals("5", environment.get("PARALLEL_COUNT"), "a parameter left alone keeps the file's default");
        assertEquals(
                "test-scripts/FixedRateTest.groovy",
                CliModel.positional(shell.onlyRunOf("run").maestroCli().orElseThrow(), 0));
    }

    /** The post steps ran, and publish what maestro-cli run writes into the --results directory it was given. */
    private void assertPublished(JenkinsBuild build) {
        for (String step : List.of("archiveArtifacts", "junit", "publishHTML")) {
            assertEquals("post", build.onlyStep(step).stage(), step + " runs in post, whatever the result");
        }
        List<String> run = shell.calls().stream()
                .filter(call -> call.subcommand().orElse("").equals("run"))
                .findFirst()
                .flatMap(ScriptedShell.Call::maestroCli)
                .orElse(null);
        if (run == null) {
            return; // the build failed before the run: nothing of it to publish, and no pattern to check
        }
        Path results = Path.of(CliModel.optionValue(run, "--results").orElseThrow());
        assertTrue(results.startsWith(workspace), "results outside the workspace are not published: " + results);
        String resultsInWorkspace = workspace.relativize(results).toString();

        String junit = build.onlyStep("junit").named().get("testResults").toString();
        String archived =
                build.onlyStep("archiveArtifacts").named().get("artifacts").toString();
        for (String test : List.of("fixed-rate", "FixedRateTest", "latency_2")) {
            String testDirectory = resultsInWorkspace + "/" + test + "/";
            assertTrue(PublishedFiles.selects(junit, testDirectory + JUnitXml.FILE_NAME), junit);
            assertTrue(PublishedFiles.selects(archived, testDirectory + SummaryJson.FILE_NAME), archived);
            assertTrue(PublishedFiles.selects(archived, testDirectory + "0/sender-1@host/rate.csv"), archived);
        }
        assertFalse(
                PublishedFiles.selects(junit, "maestro-dist/target/surefire-reports/TEST-x.xml"),
                "junit publishes Maestro's results only");
        assertEquals(
                resultsInWorkspace + "/" + IndexPage.FILE_NAME,
                PublishedFiles.htmlReport(build.onlyStep("publishHTML")));
        assertTrue(PublishedFiles.selects(archived, resultsInWorkspace + "/" + Reporter.COMPARISON_HTML));
    }
}
