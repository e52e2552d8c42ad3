package org.maestro.driver.stomp;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.maestro.testing.RequiredServer;

/**
 * The RabbitMQ broker with its STOMP plugin the tests use, on 127.0.0.1:61613 with guest/guest, administered through
 * its management plugin on 127.0.0.1:15672: tests skip when either is missing, and fail when the {@code CI}
 * environment variable is set, since CI machines run both. Each test class works in a virtual host of its own.
 */
final class LocalRabbitStomp {
    static final String HOST = "127.0.0.1";
    static final int PORT = 61613;
    static final int MANAGEMENT_PORT = 15672;
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private static final String AUTHORIZATION =
            "Basic " + Base64.getEncoder().encodeToString("guest:guest".getBytes(StandardCharsets.UTF_8));

    private LocalRabbitStomp() {}

    /** Skips the calling test when no broker with the STOMP and management plugins listens (fails it under CI). */
    static void require() {
        RequiredServer.require(
                RequiredServer.listening(PORT),
                "nothing listens on " + HOST + ":" + PORT,
                "start RabbitMQ 3.x with its STOMP plugin (rabbitmq-plugins enable rabbitmq_stomp)");
        RequiredServer.require(
                RequiredServer.listening(MANAGEMENT_PORT),
                "nothing listens on " + HOST + ":" + MANAGEMENT_PORT,
                "the tests create a virtual host through RabbitMQ's management plugin "
                        + "(rabbitmq-plugins enable rabbitmq_management)");
    }

    /** Creates a virtual host of a unique name that guest may use fully; returns its name. */
    static String createVhost() throws Exception {
        String vhost = "maestro-test-" + UUID.randomUUID();
        call("PUT", "/api/vhosts/" + encode(vhost), "{}");
        call(
                "PUT",
                "/api/permissions/" + encode(vhost) + "/guest",
                "{\"configure\":\".*\",\"write\":\".*\",\"read\":\".*\"}");
        return vhost;
    }

    /** Deletes a virtual host and everything in it. */
    static void deleteVhost(String vhost) throws Exception {
        call("DELETE", "/api/vhosts/" + encode(vhost), null);
    }

    /**
     * Closes the connections to a virtual host, as an operator would, once at least {@code expected} are listed
     * (the management plugin lists a new connection after a moment); returns how many it closed.
     */
    static int closeConnections(String vhost, int expected) throws Exception {
        List<String> names = await(expected + " connections listed in virtual host " + vhost)
                .atMost(Duration.ofSeconds(30))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(200))
                .until(() -> connectionNames(vhost), listed -> listed.size() >= expected);
        for (String name : names) {
            call("DELETE", "/api/connections/" + encode(name), null);
        }
        return names.size();
    }

    private static List<String> connectionNames(String vhost) throws Exception {
        List<String> names = new ArrayList<>();
        for (JsonNode connection :
                new ObjectMapper().readTree(call("GET", "/api/vhosts/" + encode(vhost) + "/connections", null))) {
            names.add(connection.get("name").asText());
        }
        return names;
    }

    /** A driver URL of a destination in a virtual host, with guest/guest and the given query. */
    static String url(String vhost, String destination, String query) {
        return "stomp://guest:guest@" + HOST + ":" + PORT + destination + "?vhost=" + vhost
                + (query.isEmpty() ? "" : "&" + query);
    }

    private static String encode(String name) {
        return URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String call(String method, String path, String json) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(
                        URI.create("http://" + HOST + ":" + MANAGEMENT_PORT + path))
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", AUTHORIZATION);
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        request.method(
                method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new IOException(method + " " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }
}
