package org.maestro.cli.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reporter.Chromium;
import org.maestro.testing.LocalRabbitMq;
import org.maestro.testing.MosquittoProcess;

/**
 * One real run fed with secrets and hostile text, as a shared lab would: the SUT URL, the management URL and the
 * agent source carry a password; a queue name and a study dimension value hold HTML that runs script if inserted as
 * markup; a queue that does not exist makes the SUT answer with an error naming it, with terminal escapes and a control
 * character; the agent refuses the source, which it is not allowed to take. The load goes to the machine's RabbitMQ
 * as a user made for the test (with {@code rabbitmqctl}); the {@code mosquitto} inspector watches the machine's
 * Mosquitto with a user and password. Then: no file and no output holds the password; every page, opened in headless
 * Chromium with every chart's tooltip shown in turn, runs no script of the results and shows the hostile text as
 * text; the JUnit files are legal XML; the console shows no escape sequence.
 */
class HostileRunOutputTest {
    /** Runs script when a page inserts it as markup: marks the page, which the test looks for. */
    static final String HOSTILE = "<img src=x onerror=document.body.setAttribute('data-pwned','1')>";

    @TempDir
    static Path work;

    private static String user;
    private static String password;
    private static String queue;
    private static CliProcess run;

    @BeforeAll
    static void runWithSecretsAndHostileText() throws Exception {
        LocalRabbitMq.assumeRabbitmqctl(); // it makes the test's user
        MosquittoProcess.assumeLocalRunning();
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        user = "maestro-hostile-" + suffix;
        password = "Pw" + UUID.randomUUID().toString().replace("-", "");
        queue = "maestro.hostile." + suffix + HOSTILE;
        LocalRabbitMq.rabbitmqctl("add_user", user, password);
        LocalRabbitMq.rabbitmqctl("set_permissions", "-p", "/", user, ".*", ".*", ".*");
        Path script = Files.writeString(work.resolve("Hostile.groovy"), """
                def pw = maestro.env("HOSTILE_PASSWORD", "")
                def base = "rabbitmq://" + maestro.env("HOSTILE_USER", "") + ":" + pw + "@127.0.0.1:5672/?queue="
                def hostile = maestro.env("HOSTILE_TEXT", "")
                maestro.matrix {
                    name "hostile-study"
                    dimension "mode", hostile
                    rate 100
                    repeat 1
                    test { cell ->
                        sut base + URLEncoder.encode(maestro.env("HOSTILE_QUEUE", ""), "UTF-8") + "&declare=true"
                        duration "2s"
                        warmUp "1s"
                        inspector "mosquitto", "mqtt://watcher:" + pw + "@127.0.0.1:1883"
                    }
                }
                maestro.fixedRate {
                    name "agent-source"
                    sut base + URLEncoder.encode(maestro.env("HOSTILE_QUEUE", ""), "UTF-8") + "&declare=true"
                    duration "1s"
                    rate 50
                    agentSource "https://oauth2:" + pw + "@git.invalid/qe/faults.git?access_token=" + pw
                    agent "restart", at: "1s"
                }
                maestro.fixedRate {
                    name "sut-error"
                    sut base + URLEncoder.encode("absent." + hostile + "\\u001b[31m\\u0007", "UTF-8") + "&declare=false"
                    duration "1s"
                    rate 50
                }
                try {
                    maestro.fixedRate { name "refused"; sut "amqp://u:" + pw + "@:5672/q" }
                } catch (Exception refused) {
                    println "refused: " + refused.message
                }
                """);
        run = CliProcess.runScript(
                script.toString(),
                Map.of(
                        "HOSTILE_PASSWORD", password,
                        "HOSTILE_USER", user,
                        "HOSTILE_TEXT", HOSTILE,
                        "HOSTILE_QUEUE", queue),
                Duration.ofMinutes(3),
                work);
        assertTrue(
                Files.isRegularFile(work.resolve("results/hostile-study/study.html")),
                "the study ran and wrote its page:\n" + run.output());
    }

    @AfterAll
    static void removeTheUserAndQueue() throws Exception {
        if (user != null) {
            try {
                LocalRabbitMq.deleteQueue(queue);
            } finally {
                LocalRabbitMq.rabbitmqctl("delete_user", user);
            }
        }
    }

    @Test
    void noFileAndNoOutputOfTheRunHoldsThePassword() throws Exception {
        assertTrue(
                containsFile(work.resolve("results/hostile-study"), "test.properties"),
                "the peers' files were collected:\n" + run.output());
        assertFalse(run.output().contains(password), "the run printed the password:\n" + run.output());
        assertEquals(List.of(), filesHolding(work.resolve("results"), password), "files holding the password");
        assertTrue(
                run.output().contains("rabbitmq://***@127.0.0.1:5672/")
                        && run.output().contains("mqtt://watcher:***@127.0.0.1:1883"),
                "the URLs are shown, masked:\n" + run.output());

        // an option of a wrong form names the option and shows its value without the password
        assertTrue(run.output().contains("SEND_RECEIVE_URL=amqp://***@:5672/q is not valid"), run.output());
    }

    @Test
    void everyPageShowsHostileTextAsTextAndRunsNoScriptOfItEvenInTooltips() throws Exception {
        Chromium.require();
        List<Path> pages;
        try (Stream<Path> files = Files.walk(work.resolve("results"))) {
            pages = files.filter(p -> p.toString().endsWith(".html")).sorted().toList();
        }
        assertTrue(pages.size() >= 4, "index, study, test and iteration pages: " + pages);
        StringBuilder shown = new StringBuilder();
        for (Path page : pages) {
            Path probe = TooltipProbe.copyWithProbe(page);
            Document dom = Jsoup.parse(Chromium.dumpDom(probe, work));
            assertFalse(dom.body().hasAttr("data-pwned"), page + " ran script from the results");
            assertFalse(
                    dom.body().hasAttr("data-errors"), page + ": " + dom.body().attr("data-errors"));
            assertEquals("done", dom.body().attr("data-probe"), page + ": the probe did not finish");
            shown.append(dom.body().text()).append(dom.body().attr("data-tooltips"));
            Files.delete(probe);
        }
        assertTrue(shown.toString().contains(HOSTILE), "the hostile text is shown as text somewhere");
        Document study = Jsoup.parse(
                Chromium.dumpDom(TooltipProbe.copyWithProbe(work.resolve("results/hostile-study/study.html")), work));
        assertTrue(
                study.body().attr("data-tooltips").contains("mode " + HOSTILE),
                "the heat map's tooltip shows the dimension value as text: "
                        + study.body().attr("data-tooltips"));
    }

    @Test
    void junitFilesAreLegalXmlAndTheConsoleShowsNoEscapeSequence() throws Exception {
        List<Path> junit;
        try (Stream<Path> files = Files.walk(work.resolve("results"))) {
            junit = files.filter(p -> p.getFileName().toString().endsWith("junit.xml"))
                    .toList();
        }
        assertTrue(junit.size() >= 2, "the test's and the study's junit files: " + junit);
        for (Path file : junit) {
            DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
        }
        String sutError = Files.readString(work.resolve("results/sut-error/junit.xml"));
        assertTrue(sutError.contains("absent.&lt;img"), "the SUT's error names the queue, escaped:\n" + sutError);
        assertFalse(run.output().contains("\u001b") || run.output().contains("\u0007"), "escapes on the console");
        assertTrue(run.output().contains("absent."), "the SUT's error is printed:\n" + run.output());
    }

    private static boolean containsFile(Path directory, String name) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.anyMatch(file -> file.getFileName().toString().equals(name));
        }
    }

    /** Every file under the directory whose bytes hold the text, by path. */
    private static List<String> filesHolding(Path directory, String text) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                if (new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains(text)) {
                    found.add(directory.relativize(file).toString());
                }
            }
        }
        return found;
    }
}
