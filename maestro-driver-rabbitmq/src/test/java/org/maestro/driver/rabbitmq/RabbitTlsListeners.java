package org.maestro.driver.rabbitmq;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;
import org.maestro.base.net.FreePorts;
import org.maestro.testing.Commands;
import org.maestro.testing.LocalRabbitMq;

/**
 * Extra TLS (AMQPS) listeners on the machine's RabbitMQ, on free loopback ports, added while the broker runs
 * ({@code rabbit_networking:start_ssl_listener} through one {@code rabbitmqctl eval}) and removed on close. The
 * certificates and keys are handed over as DER bytes, so the broker needs no access to the test's files.
 */
final class RabbitTlsListeners implements AutoCloseable {
    private final List<Integer> ports;

    private RabbitTlsListeners(List<Integer> ports) {
        this.ports = ports;
    }

    /** Starts one listener per PEM certificate name in {@code directory}, each with the key named as it + ".key". */
    static RabbitTlsListeners start(Path directory, String... names) throws IOException, InterruptedException {
        List<Integer> ports = new ArrayList<>();
        List<String> starts = new ArrayList<>();
        for (String name : names) {
            Commands.run(
                    directory,
                    List.of("openssl", "x509", "-in", name + ".crt", "-outform", "DER", "-out", name + ".crt.der"));
            Commands.run(
                    directory,
                    List.of(
                            "openssl",
                            "pkcs8",
                            "-topk8",
                            "-nocrypt",
                            "-in",
                            name + ".key",
                            "-outform",
                            "DER",
                            "-out",
                            name + ".key.der"));
            int port = FreePorts.next();
            ports.add(port);
            starts.add("rabbit_networking:start_ssl_listener({\"127.0.0.1\", " + port + "}, "
                    + "[{cert, base64:decode(\"" + base64(directory.resolve(name + ".crt.der")) + "\")}, "
                    + "{key, {'PrivateKeyInfo', base64:decode(\"" + base64(directory.resolve(name + ".key.der"))
                    + "\")}}], 1)");
        }
        String answer = LocalRabbitMq.eval("[" + String.join(", ", starts) + "].");
        RabbitTlsListeners listeners = new RabbitTlsListeners(ports);
        if (!answer.replaceAll("\\s", "")
                .equals(ports.stream().map(p -> "ok").collect(Collectors.joining(",", "[", "]")))) {
            listeners.close();
            throw new IllegalStateException("RabbitMQ did not start TLS listeners on ports " + ports + ": " + answer);
        }
        return listeners;
    }

    private static String base64(Path file) throws IOException {
        return Base64.getEncoder().encodeToString(Files.readAllBytes(file));
    }

    /** The port of the listener of the {@code index}th certificate given to {@link #start}. */
    int port(int index) {
        return ports.get(index);
    }

    @Override
    public void close() throws IOException, InterruptedException {
        LocalRabbitMq.eval(
                "[catch rabbit_networking:stop_tcp_listener({\"127.0.0.1\", Port}) || Port <- " + ports + "].");
    }
}
