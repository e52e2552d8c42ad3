package org.maestro.amqp.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.InputStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A TLS endpoint: the engine's first bytes reach a TLS server socket of the test's (a key pair made by the JDK's
 * {@code keytool}) through the handshake, as the SASL header.
 */
class AmqpEngineTlsTest {
    private static final byte[] SASL_HEADER = {'A', 'M', 'Q', 'P', 3, 1, 0, 0};
    private static final char[] STORE_PASSWORD = "changeit".toCharArray();

    @TempDir
    Path folder;

    @Test
    void speaksAmqpThroughTheTlsHandshake() throws Exception {
        KeyStore keys = serverKeys();
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(keys, STORE_PASSWORD);
        SSLContext server = SSLContext.getInstance("TLS");
        server.init(keyManagers.getKeyManagers(), null, null);
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("server", keys.getCertificate("server"));
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(trusted);
        SSLContext client = SSLContext.getInstance("TLS");
        client.init(null, trustManagers.getTrustManagers(), null);

        try (SSLServerSocket listener = (SSLServerSocket)
                server.getServerSocketFactory().createServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<byte[]> firstBytes = new CompletableFuture<>();
            CompletableFuture<Void> hangUp = new CompletableFuture<>();
            CompletableFuture.runAsync(() -> {
                try (SSLSocket peer = (SSLSocket) listener.accept()) {
                    peer.setSoTimeout(10_000);
                    InputStream in = peer.getInputStream();
                    firstBytes.complete(in.readNBytes(8));
                    hangUp.get(10, TimeUnit.SECONDS);
                } catch (Exception e) {
                    firstBytes.completeExceptionally(e);
                }
            });
            AmqpEndpoint endpoint =
                    new AmqpEndpoint("127.0.0.1", listener.getLocalPort(), true, null, null, "engine-tls-test");
            try (AmqpEngine engine = AmqpEngine.connect(endpoint, Duration.ofSeconds(5), client)) {
                engine.connection().open();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (!firstBytes.isDone() && System.nanoTime() < deadline) {
                    engine.pump(20, () -> true, event -> {});
                }
                assertArrayEquals(SASL_HEADER, firstBytes.get(1, TimeUnit.SECONDS), "decrypted by the server");
                hangUp.complete(null);
                assertEquals("amqps://127.0.0.1:" + listener.getLocalPort(), endpoint.toString());
            }
        }
    }

    private KeyStore serverKeys() throws Exception {
        Path store = folder.resolve("server.p12");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process process = new ProcessBuilder(List.of(
                        keytool.toString(),
                        "-genkeypair",
                        "-alias",
                        "server",
                        "-keyalg",
                        "EC",
                        "-groupname",
                        "secp256r1",
                        "-dname",
                        "CN=127.0.0.1",
                        "-ext",
                        "SAN=ip:127.0.0.1",
                        "-validity",
                        "2",
                        "-storetype",
                        "PKCS12",
                        "-keystore",
                        store.toString(),
                        "-storepass",
                        new String(STORE_PASSWORD)))
                .redirectErrorStream(true)
                .start();
        String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException("keytool failed: " + output);
        }
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, STORE_PASSWORD);
        }
        return keys;
    }
}
