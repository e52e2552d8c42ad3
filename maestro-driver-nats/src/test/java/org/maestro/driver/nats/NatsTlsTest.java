package org.maestro.driver.nats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.maestro.common.testing.TestCertificates;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.MicroClock;

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
        server = NatsServerProcess.start(List.of("--tls", "--tlscert", directory.resolve("server.crt").toString(),
                "--tlskey", directory.resolve("server.key").toString()));
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
        String url = "nats+tls://127.0.0.1:" + server.port() + "/maestro.test.tls";
        AtomicInteger received = new AtomicInteger();
        try (DriverConnection receiver = new NatsDriver().connect(url, MicroClock.system(), Duration.ofSeconds(20));
                DriverConnection sender = new NatsDriver().connect(url, MicroClock.system(), Duration.ofSeconds(20))) {
            receiver.createConsumer((body, micros) -> received.incrementAndGet());
            DriverProducer producer = sender.createProducer();
            for (int i = 0; i < 100; i++) {
                producer.send(new byte[64], 64);
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (received.get() < 100 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(100, received.get(), "messages over TLS");
        }
    }
}
