package org.maestro.inspector.nats;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.InspectionException;
import org.maestro.inspector.Sample;
import org.maestro.inspector.http.JsonApiInspector;

/**
 * Inspects a NATS server through its HTTP monitoring port ({@code nats-server -m 8222}): three GETs per poll,
 * {@code /varz}, {@code /connz} and {@code /jsz?streams=true} (the last gives no rows when JetStream is off).
 */
public final class NatsInspector extends JsonApiInspector {
    /** The name used in START_INSPECTOR and INSPECTOR_NAME. */
    public static final String NAME = "nats";
    /** The most connections one poll lists. */
    static final int CONNECTION_LIMIT = 1024;

    /** An inspector of the monitoring port at the URL: {@code http(s)://host:8222} or {@code nats+http(s)://…}. */
    public NatsInspector(ManagementUrl url, Duration timeout) {
        super(
                NAME,
                NatsDataSets.ALL,
                url,
                monitorBase(url),
                timeout,
                "the monitoring port of a NATS server " + "(nats-server -m 8222, e.g. nats+http://host:8222)",
                "NATS");
    }

    /** The http(s) address of the monitoring endpoint for a URL this inspector accepts. */
    static URI monitorBase(ManagementUrl url) {
        return apiBase(url, "nats+", "");
    }

    @Override
    public void connect() throws InspectionException {
        learn(identify(
                "/varz",
                "server_id",
                "the monitoring port",
                "a NATS monitoring port, e.g. " + "nats+http://host:8222"));
    }

    private void learn(JsonNode varz) {
        facts.put("sut.version", varz.path("version").asText(""));
        facts.put(
                "sut.name",
                varz.path("server_name").asText(varz.path("server_id").asText("")));
        facts.put(
                "nats.jetstream",
                Boolean.toString(varz.path("jetstream").path("config").isObject()));
    }

    @Override
    public Sample poll() throws InspectionException {
        Sample sample = new Sample();
        JsonNode varz = api.get("/varz");
        learn(varz);
        sample.add(
                NatsDataSets.SERVER,
                Arrays.asList(
                        number(varz, "connections"),
                        number(varz, "total_connections"),
                        number(varz, "in_msgs"),
                        number(varz, "out_msgs"),
                        number(varz, "in_bytes"),
                        number(varz, "out_bytes"),
                        number(varz, "slow_consumers"),
                        number(varz, "subscriptions"),
                        number(varz, "cpu"),
                        number(varz, "mem")));
        for (JsonNode connection : api.get("/connz?limit=" + CONNECTION_LIMIT).path("connections")) {
            String name = connection.path("name").asText("");
            String id = "#" + connection.path("cid").asText("");
            sample.add(
                    NatsDataSets.CONNECTIONS,
                    Arrays.asList(
                            name.isEmpty() ? id : name + id,
                            connection.path("ip").asText(""),
                            number(connection, "subscriptions"),
                            number(connection, "pending_bytes"),
                            number(connection, "in_msgs"),
                            number(connection, "out_msgs"),
                            number(connection, "in_bytes"),
                            number(connection, "out_bytes")));
        }
        if (!facts.get("nats.jetstream").equals("true")) {
            return sample;
        }
        JsonNode jsz = api.get("/jsz?streams=true");
        JsonNode api = jsz.path("api");
        sample.add(
                NatsDataSets.JETSTREAM,
                Arrays.asList(
                        number(jsz, "streams"),
                        number(jsz, "consumers"),
                        number(jsz, "messages"),
                        number(jsz, "bytes"),
                        number(jsz, "memory"),
                        number(jsz, "storage"),
                        number(api, "total"),
                        number(api, "errors")));
        List<List<Object>> streams = new ArrayList<>();
        for (JsonNode account : jsz.path("account_details")) {
            for (JsonNode stream : account.path("stream_detail")) {
                JsonNode state = stream.path("state");
                streams.add(Arrays.asList(
                        account.path("name").asText(""),
                        stream.path("name").asText(""),
                        number(state, "messages"),
                        number(state, "bytes"),
                        number(state, "consumer_count")));
            }
        }
        streams.sort(Comparator.comparing((List<Object> row) -> (String) row.get(0))
                .thenComparing(row -> (String) row.get(1)));
        streams.forEach(row -> sample.add(NatsDataSets.STREAMS, row));
        return sample;
    }
}
