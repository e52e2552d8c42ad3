package org.maestro.driver.rabbitmq;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.maestro.common.embedded.FreePorts;
import org.maestro.common.testing.Commands;
import org.maestro.common.testing.RabbitCtl;

/**
 * An extra TLS (AMQPS) listener on the machine's RabbitMQ, on a free loopback port, added while the broker runs
 * ({@code rabbit_networking:start_ssl_listener} through {@code rabbitmqctl eval}) and removed on close. The
 * certificate and key are handed over as DER bytes, so the broker needs no access to the test's files.
 */
final class RabbitTlsListener implements AutoCloseable {
    private final int port;

    private RabbitTlsListener(int port) {
        this.port = port;
    }

    /** Starts a listener presenting the PEM certificate and key in {@code directory}. */
    static RabbitTlsListener start(Path directory, String certificate, String key)
            throws IOException, InterruptedException {
        Commands.run(directory, List.of("openssl", "x509", "-in", certificate, "-outform", "DER",
                "-out", certificate + ".der"));
        Commands.run(directory, List.of("openssl", "pkcs8", "-topk8", "-nocrypt", "-in", key, "-outform", "DER",
                "-out", key + ".der"));
        String der = base64(directory.resolve(certificate + ".der"));
        String keyDer = base64(directory.resolve(key + ".der"));
        int port = FreePorts.next();
        String answer = RabbitCtl.eval("rabbit_networking:start_ssl_listener({\"127.0.0.1\", " + port + "}, "
                + "[{cert, base64:decode(\"" + der + "\")}, "
                + "{key, {'PrivateKeyInfo', base64:decode(\"" + keyDer + "\")}}], 1).");
        if (!answer.trim().equals("ok")) {
            throw new IllegalStateException("RabbitMQ did not start a TLS listener on port " + port + ": " + answer);
        }
        return new RabbitTlsListener(port);
    }

    private static String base64(Path file) throws IOException {
        return Base64.getEncoder().encodeToString(Files.readAllBytes(file));
    }

    int port() {
        return port;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        RabbitCtl.eval("rabbit_networking:stop_tcp_listener({\"127.0.0.1\", " + port + "}).");
    }
}
