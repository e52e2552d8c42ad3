package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import groovy.lang.GroovyShell;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.maestro.cli.MaestroCli;
import org.maestro.common.options.OptionCode;

/** Checks README.md and the guides in docs/ against the code: commands, options, parameters, exit codes, links. */
class ReadmeTest {
    static final String MAIN_COMMAND = "mvn -B -q -ntp -DskipTests package && "
            + "maestro-dist/target/maestro/bin/maestro-cli run test-scripts/FixedRateTest.groovy";
    static final String TEST_COMMAND = "mvn -B -ntp verify";
    private static final List<String> GUIDES = List.of(
            "README.md",
            "docs/getting-started.md",
            "docs/distributed.md",
            "docs/troubleshooting.md",
            "docs/measurement.md",
            "docs/jenkins/README.md");

    private final MarkdownDocument readme = new MarkdownDocument(RepositoryFiles.read("README.md"));

    @Test
    void opensWithTheTwoCommandsOfAFreshMachine() {
        List<MarkdownDocument.Block> shell = readme.blocks("sh");
        assertEquals(MAIN_COMMAND, shell.get(0).text().trim());
        assertEquals(TEST_COMMAND, shell.get(1).text().trim());
        assertTrue(shell.get(1).line() < 40, "the two commands must stay near the top");
        assertTrue(readme.blocks().indexOf(shell.get(0)) <= 1, "the main command is the first command of the README");
    }

    @Test
    void mainCommandRunsTheDistributionThatMaestroDistBuildsOnAScriptThatExists() {
        String pom = RepositoryFiles.read("maestro-dist/pom.xml");
        assertTrue(pom.contains("<maestro.dist.directory>${project.build.directory}/maestro</maestro.dist.directory>"));
        assertTrue(RepositoryFiles.read("pom.xml").contains("<module>maestro-dist</module>"));
        assertTrue(Files.isRegularFile(RepositoryFiles.path("test-scripts/FixedRateTest.groovy")));
        assertTrue(Files.isRegularFile(RepositoryFiles.path("maestro-dist/src/main/dist/bin/maestro-cli")));
        assertTrue(RepositoryFiles.read(".ci/run").contains(TEST_COMMAND), ".ci/run runs the README's test command");
    }

    @Test
    void linksEveryPageOfTheDocumentation() throws IOException {
        List<String> links = readme.relativeLinks();
        try (Stream<Path> files = Files.walk(RepositoryFiles.path("docs"))) {
            for (Path page : files.filter(p -> p.toString().endsWith(".md")).toList()) {
                String relative = RepositoryFiles.root().relativize(page).toString();
                assertTrue(links.contains(relative), "README.md does not link " + relative);
            }
        }
    }

    @Test
    void guidesLinkOnlyToFilesThatExist() {
        for (String guide : GUIDES) {
            Path base = RepositoryFiles.path(guide).getParent();
            for (String link : new MarkdownDocument(RepositoryFiles.read(guide)).relativeLinks()) {
                assertTrue(Files.exists(base.resolve(link).normalize()), guide + " links to missing " + link);
            }
        }
    }

    @Test
    void guidesCallMaestroCliOnlyWithCommandsAndOptionsThatExist() {
        int calls = 0;
        for (String guide : GUIDES) {
            for (List<String> arguments : new MarkdownDocument(RepositoryFiles.read(guide)).maestroCliCalls()) {
                CliModel.parse(arguments, guide);
                calls++;
            }
        }
        assertTrue(calls >= 15, "maestro-cli calls found in the guides: " + calls);
    }

    @Test
    void tablesEveryTestParameter() {
        for (OptionCode option : OptionCode.values()) {
            assertTrue(
                    readme.text().contains("`" + option.parameter() + "`"),
                    "README.md's parameter table lacks " + option.parameter());
        }
    }

    @Test
    void tablesTheExitCodesMaestroCliDocuments() {
        String[] footer =
                MaestroCli.commandLine().getCommandSpec().usageMessage().footer();
        int codes = 0;
        for (String line : footer) {
            String code = line.trim().split("\\s+")[0];
            if (code.matches("\\d")) {
                assertTrue(readme.text().contains("| " + code + " |"), "README.md has no row for exit code " + code);
                codes++;
            }
        }
        assertEquals(4, codes);
    }

    @Test
    void groovyExamplesCompile() {
        for (String guide : List.of("README.md", "docs/getting-started.md")) {
            List<MarkdownDocument.Block> examples = new MarkdownDocument(RepositoryFiles.read(guide)).blocks("groovy");
            assertFalse(examples.isEmpty(), guide + " has no Groovy example");
            for (MarkdownDocument.Block example : examples) {
                new GroovyShell().parse(example.text(), "example_line_" + example.line());
            }
        }
    }

    @Test
    void marksTheRunnableBlocks() {
        List<MarkdownDocument.Block> runnable = readme.blocks().stream()
                .filter(MarkdownDocument.Block::runnable)
                .toList();
        assertTrue(runnable.size() >= 1, "runnable blocks: " + runnable.size());
        for (MarkdownDocument.Block block : runnable) {
            assertEquals("sh", block.language(), "a runnable block must be sh, at line " + block.line());
        }
    }

    @Test
    void docsCiteNothingReadersDoNotHaveAndShowPeerDirectoriesAsTheyAre() throws IOException {
        List<Path> pages;
        try (Stream<Path> docs = Files.walk(RepositoryFiles.path("docs"))) {
            pages = Stream.concat(
                            Stream.of(
                                    RepositoryFiles.path("README.md"),
                                    RepositoryFiles.path("docker/mosquitto/README.md")),
                            docs.filter(p -> p.toString().endsWith(".md")))
                    .toList();
        }
        for (Path page : pages) {
            String text = Files.readString(page);
            for (String unreadable : List.of("SPEC §", "thesis", "<peer-name>/", "<iteration>/<peer>/")) {
                assertFalse(
                        text.contains(unreadable),
                        page + " shows '" + unreadable + "': cite what readers can find, "
                                + "and write peer directories as <peer-name>@<host>/");
            }
            // docker-compose 1.29 works against Podman's API only (Docker's own engine wants Docker Compose v2)
            assertFalse(
                    text.matches("(?s).*\\bdocker-compose (up|run|down).*")
                            && !text.replaceAll("\\s+", " ")
                                    .contains(
                                            "`docker-compose` 1.29 (Debian's `docker-compose` package) against Podman"),
                    page
                            + " runs docker-compose v1 without saying it is for Podman; with Docker, the compose file is for"
                            + " Docker Compose v2 (docker compose)");
        }
    }

    @Test
    void byHandMosquittoRecipesTurnNaglesDelayOffAndMentionDebiansPackagedBroker() {
        for (String guide : List.of("README.md", "docs/distributed.md")) {
            String text = RepositoryFiles.read(guide).replaceAll("\\s+", " ");
            assertTrue(text.contains("set_tcp_nodelay true"), guide + " configures Mosquitto without set_tcp_nodelay");
            assertTrue(
                    text.contains("127.0.0.1:1883") && text.contains("systemctl stop mosquitto"),
                    guide + " does not say that Debian's Mosquitto holds 127.0.0.1:1883 and how to free it");
            assertTrue(text.contains("Docker Compose v2"), guide + " does not say compose needs Docker Compose v2");
        }
    }

    @Test
    void readmeDescribesProgressAsTheClientPrintsIt() {
        String text = RepositoryFiles.read("README.md");
        String progress = RepositoryFiles.read("maestro-client/src/main/java/org/maestro/client/api/Progress.java");
        assertTrue(
                progress.contains("PLAIN_INTERVAL = Duration.ofSeconds(10)")
                        && progress.contains("CI_INTERVAL = Duration.ofSeconds(1)"),
                "the plain progress interval changed: update the README's description of progress");
        assertTrue(
                text.contains("live progress bar")
                        && text.contains("progress line every 10 s")
                        && text.contains("one\nline per second"),
                "README.md must say that a terminal gets a live bar, other "
                        + "output a line every 10 s and a CI job one line per second");
        assertFalse(text.contains("It prints progress every 10 s"), "README.md claims 10 s progress on a terminal");
    }
}
