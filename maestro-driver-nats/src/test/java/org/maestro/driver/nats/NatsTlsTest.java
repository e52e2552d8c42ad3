package org.maestro.driver.nats;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.maestro.driver.testing.DriverChecks;
import org.maestro.testing.NatsServerProcess;
import org.maestro.testing.TestCertificates;

/**
 * {@code nats+tls://} URLs against a NATS server the test starts with a certificate of a test CA, trusted through the
 * JVM's trust store properties (set before anything in this JVM makes the default SSL context).
 */
class NatsTlsTest {
    private static NatsServerProcess server;
    private static TestCertificates.JvmTrustStore trustStore;

    @BeforeAll
    static void startServer() throws Exception {
        Path directory = Files.createTempDirectory("maestro-nats-tls-");
        TestCertificates certificates = TestCertificates.create(directory);
        trustStore = certificates.trustedByTheJvm();
        server = NatsServerProcess.start(List.of(
                "--tls",
                "--tlscert",
                directory.resolve("server.crt").toString(),
                "--tlskey",
                directory.resolve("server.key").toString()));
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (trustStore != null) {
            trustStore.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void carriesMessagesOverTls() throws Exception {
        DriverChecks.carriesInSequence(
                new NatsDriver(),
                "nats+tls://127.0.0.1:" + server.port() + "/maestro.test.tls",
                100,
                Duration.ofSeconds(20),
                false);
    }
}
