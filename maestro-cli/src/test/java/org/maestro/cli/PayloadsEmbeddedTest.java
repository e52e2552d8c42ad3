package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.cli.testing.PeerDirectories;
import org.maestro.cli.testing.RecordedParameters;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.measure.PeerResult;

/**
 * Payloads in embedded mode: a script next to its payload file just works (the embedded sender reads from the
 * script's directory), sizes drawn from a distribution give their mean, and the results say what was sent.
 */
class PayloadsEmbeddedTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    @Test
    void aScriptNextToItsPayloadFileSendsItAndTheResultsCountItsBytes() throws Exception {
        byte[] order = "{\"order\":42,\"lines\":[{\"sku\":\"A-1\",\"qty\":3}]}"
                .repeat(20)
                .getBytes(StandardCharsets.UTF_8);
        Path scripts = Files.createDirectories(work.resolve("scripts"));
        Files.write(scripts.resolve("order.json"), order);
        Path script = scripts.resolve("Payloads.groovy");
        Files.writeString(script, """
                maestro.fixedRate {
                    name 'payload-file'; sut maestro.sutUrl('payload.file'); rate 200; duration '400'
                    payloadFiles 'order.json'
                }
                maestro.fixedRate {
                    name 'payload-sizes'; sut maestro.sutUrl('payload.sizes'); rate 500; duration '2000'
                    messageSize '200:50%,2000:50%'; payloadRandom 50
                }
                """);
        Path results = work.resolve("results");

        CliRun run = runScript(script, results);

        assertEquals(ExitCode.OK.code(), run.exitCode(), run.out() + run.err());
        Path fileRun = results.resolve("payload-file/0");
        Path sender = PeerDirectories.find(fileRun, "sender-");
        assertEquals(400, PeerResult.read(sender.resolve(PeerResult.FILE_NAME)).count());
        // each body is the header (36 bytes and the sender's name) and the file
        int body = 36 + sender.getFileName().toString().getBytes(StandardCharsets.UTF_8).length + order.length;
        JsonNode rate = rate(results.resolve("payload-file"));
        assertEquals(body, rate.get("sender").get("meanSize").asDouble(), 1e-9);
        assertEquals(body, rate.get("receiver").get("meanSize").asDouble(), 1e-9);
        double receiverMean = rate.get("receiver").get("mean").asDouble();
        assertEquals(
                receiverMean * body, rate.get("receiver").get("bytesPerSecond").asDouble(), 1e-6);
        Properties test = new Properties();
        try (var in = Files.newBufferedReader(sender.resolve("test.properties"))) {
            test.load(in);
        }
        assertEquals(Long.toString(400L * body), test.getProperty("payload.bytes"), "no warm-up: all measured");
        assertEquals(
                "order.json",
                RecordedParameters.ofReport(results.resolve("payload-file/iteration-0.html"))
                        .get("PAYLOAD_FILES"));
        String printed = run.out() + run.err();
        assertTrue(printed.contains("bodies from order.json"), printed);
        assertTrue(printed.contains(String.format(Locale.ROOT, "%,.1f", (double) body)), "SIZE B column: " + printed);

        // 2,000 sizes drawn half 200, half 2,000 bytes: a mean of 1,100, standard deviation of the mean 20 bytes
        JsonNode sizes = rate(results.resolve("payload-sizes"));
        assertEquals(1100, sizes.get("sender").get("meanSize").asDouble(), 100);
        Map<String, String> table = RecordedParameters.ofReport(results.resolve("payload-sizes/iteration-0.html"));
        assertEquals("200:50%,2000:50%", table.get("MESSAGE_SIZE"));
        assertEquals("50", table.get("PAYLOAD_RANDOM"));
        assertEquals(null, table.get("PAYLOAD_FILES"), "the second test does not keep the first's files");
    }

    @Test
    void aMissingPayloadFileIsAUsageErrorNamingItAndTheDirectory() throws Exception {
        Path script = work.resolve("Missing.groovy");
        Files.writeString(script, """
                maestro.fixedRate {
                    name 'payload-missing'; sut maestro.sutUrl('payload.missing'); rate 100; duration '100'
                    payloadFiles 'missing.json'
                }
                """);
        CliRun run = runScript(script, work.resolve("results"));
        String printed = run.out() + run.err();
        assertEquals(ExitCode.USAGE.code(), run.exitCode(), printed);
        assertTrue(printed.contains("'missing.json'"), printed);
        assertTrue(printed.contains(work.toString()), printed);
    }

    /** Runs {@code maestro-cli run} on the script in embedded mode, without environment, into {@code results}. */
    private static CliRun runScript(Path script, Path results) {
        return CliRun.runWithEnvironment(
                Map.of(), "run", script.toString(), "--results", results.toString(), "--progress-interval", "10s");
    }

    private static JsonNode rate(Path test) throws Exception {
        return JSON.readTree(test.resolve("summary.json").toFile())
                .get("iterations")
                .get(0)
                .get("rate");
    }
}
