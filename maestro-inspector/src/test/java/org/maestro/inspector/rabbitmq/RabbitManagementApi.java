package org.maestro.inspector.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import org.maestro.testing.RequiredServer;

/**
 * The management HTTP API of the RabbitMQ broker on 127.0.0.1:15672 (guest/guest), for tests to make queues and
 * traffic: tests skip when it does not answer, and fail when the {@code CI} environment variable is set.
 */
final class RabbitManagementApi {
    static final String BASE = "http://127.0.0.1:15672/api";
    static final String URL = "http://guest:guest@127.0.0.1:15672/api";

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String authorization =
            "Basic " + Base64.getEncoder().encodeToString("guest:guest".getBytes(StandardCharsets.UTF_8));

    /** The API, or the test skipped (failed under CI) when it does not answer. */
    static RabbitManagementApi require() {
        RabbitManagementApi api = new RabbitManagementApi();
        try {
            if (api.call("GET", "/overview", null).statusCode() == 200) {
                return api;
            }
        } catch (IOException | InterruptedException e) {
            // not answering: skipped or failed below
        }
        throw RequiredServer.missing(
                "the RabbitMQ management API does not answer at " + BASE,
                "run RabbitMQ with 'rabbitmq-plugins enable rabbitmq_management' (user guest/guest)");
    }

    /** A name no other test uses. */
    static String uniqueName() {
        return "maestro-inspector-test-" + UUID.randomUUID();
    }

    private HttpResponse<String> call(String method, String path, String json)
            throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(BASE + path))
                .timeout(Duration.ofSeconds(10))
                .header("Authorization", authorization)
                .header("Content-Type", "application/json")
                .method(
                        method,
                        json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json))
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private String ok(String method, String path, String json) throws IOException, InterruptedException {
        HttpResponse<String> response = call(method, path, json);
        assertTrue(
                response.statusCode() / 100 == 2,
                method + " " + path + ": HTTP " + response.statusCode() + " " + response.body());
        return response.body();
    }

    private static String encode(String name) {
        return URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** Declares a durable-less queue on the default virtual host. */
    void declareQueue(String queue) throws IOException, InterruptedException {
        ok("PUT", "/queues/%2F/" + encode(queue), "{\"durable\":false,\"auto_delete\":false}");
    }

    /** An AMQP 0-9-1 connection to the broker (127.0.0.1:5672, guest/guest), for traffic. */
    static Connection amqpConnection() throws IOException, TimeoutException {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost("127.0.0.1");
        factory.setPort(5672);
        return factory.newConnection("maestro-inspector-test");
    }

    /** Deletes a queue, if it exists. */
    void deleteQueue(String queue) throws IOException, InterruptedException {
        call("DELETE", "/queues/%2F/" + encode(queue), null);
    }
}
