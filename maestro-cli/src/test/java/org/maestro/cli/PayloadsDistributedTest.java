package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.cli.testing.DistributedCluster;
import org.maestro.cli.testing.PeerDirectories;
import org.maestro.common.cli.ExitCode;
import org.maestro.reporter.build.Reporter;

/**
 * A sender worker started with {@code --payload-dir} sends the files of that directory a script names, and only
 * those: a file next to the script is not one of them.
 */
class PayloadsDistributedTest {
    @TempDir
    Path work;

    private DistributedCluster cluster;
    private Path payloads;

    @BeforeEach
    void start() throws Exception {
        cluster = DistributedCluster.start("pl", work);
        payloads = Files.createDirectories(work.resolve("payloads"));
        cluster.replaceSender(List.of("--payload-dir", payloads.toString()), "sender-pl", work.resolve("sender-files"));
    }

    @AfterEach
    void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void theWorkerSendsFilesOfItsPayloadDirectoryOnly() throws Exception {
        byte[] order = "{\"order\":7}".repeat(50).getBytes(StandardCharsets.UTF_8);
        Files.write(payloads.resolve("order.json"), order);
        Path scripts = Files.createDirectories(work.resolve("scripts"));
        Files.writeString(scripts.resolve("beside.json"), "{\"next to the script\":true}");
        String sut = cluster.sut().amqpUrl("payload.dist");
        Path sends = scripts.resolve("Sends.groovy");
        Files.writeString(
                sends,
                "maestro.fixedRate { name 'dist-payload'; sut '" + sut
                        + "'; rate 100; duration '100'; payloadFiles 'order.json' }\n");
        Path results = work.resolve("results");

        CliRun run = CliRun.run(sends, cluster.mosquitto().url(), results, "--no-report");

        assertEquals(ExitCode.OK.code(), run.exitCode(), run.out() + run.err());
        Path sender = PeerDirectories.find(results.resolve("dist-payload/0"), "sender-");
        int body = 36 + sender.getFileName().toString().getBytes(StandardCharsets.UTF_8).length + order.length;
        double meanSize = Reporter.summarize(results.resolve("dist-payload/0"))
                .rate()
                .receiver()
                .meanSize();
        assertEquals(body, meanSize, 1e-9, "every body received is the header and the file");

        Path refused = scripts.resolve("Beside.groovy");
        Files.writeString(
                refused,
                "maestro.fixedRate { name 'dist-beside'; sut '" + sut
                        + "'; rate 100; duration '100'; payloadFiles 'beside.json' }\n");
        CliRun beside = CliRun.run(refused, cluster.mosquitto().url(), results, "--no-report");
        String printed = beside.out() + beside.err();
        assertEquals(ExitCode.USAGE.code(), beside.exitCode(), printed);
        assertTrue(printed.contains("'beside.json'") && printed.contains(payloads.toString()), printed);
        assertFalse(printed.contains("next to the script"), printed);
    }
}
