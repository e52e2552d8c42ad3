package org.maestro.dist;

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
import java.util.List;

/**
 * Prometheus's HTTP API on a port of this host's loopback, for a test: whether it is ready, instant queries
 * ({@code /api/v1/query}) and a label's values ({@code /api/v1/label/NAME/values}), each request with a deadline.
 */
final class PrometheusApi {
    private static final Duration REQUEST_DEADLINE = Duration.ofSeconds(5);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String base;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(REQUEST_DEADLINE).build();

    PrometheusApi(int port) {
        this.base = "http://127.0.0.1:" + port;
    }

    /** True once {@code /-/ready} answers 200; false while it does not answer or is not ready. */
    boolean ready() throws InterruptedException {
        try {
            return http.send(request("/-/ready"), HttpResponse.BodyHandlers.discarding())
                            .statusCode()
                    == 200;
        } catch (IOException notYet) {
            return false;
        }
    }

    /** The series an instant query returns now (its result vector); fails on anything but a success. */
    List<JsonNode> query(String expression) throws IOException, InterruptedException {
        JsonNode data = data("/api/v1/query?query=" + URLEncoder.encode(expression, StandardCharsets.UTF_8));
        List<JsonNode> series = new ArrayList<>();
        data.path("result").forEach(series::add);
        return series;
    }

    /** The values a label takes in the series that match a selector. */
    List<String> labelValues(String label, String match) throws IOException, InterruptedException {
        JsonNode data = data("/api/v1/label/" + URLEncoder.encode(label, StandardCharsets.UTF_8) + "/values?match[]="
                + URLEncoder.encode(match, StandardCharsets.UTF_8));
        List<String> values = new ArrayList<>();
        data.forEach(value -> values.add(value.asText()));
        return values;
    }

    private JsonNode data(String path) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request(path), HttpResponse.BodyHandlers.ofString());
        JsonNode body = JSON.readTree(response.body());
        if (response.statusCode() != 200
                || !"success".equals(body.path("status").asText())) {
            throw new IOException(base + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return body.path("data");
    }

    private HttpRequest request(String path) {
        return HttpRequest.newBuilder(URI.create(base + path))
                .timeout(REQUEST_DEADLINE)
                .GET()
                .build();
    }

    @Override
    public String toString() {
        return base;
    }
}
