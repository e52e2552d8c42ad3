package org.maestro.inspector.rabbitmq;

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
 * Inspects a RabbitMQ broker through its management HTTP API (plugin {@code rabbitmq_management}): three GETs per
 * poll ({@code /overview}, {@code /nodes}, {@code /queues} with only the columns written). The management API
 * refreshes its figures every {@code collect_statistics_interval} (5 s by default), so a poll shows them as of then.
 */
public final class RabbitMqInspector extends JsonApiInspector {
    /** The name used in START_INSPECTOR and INSPECTOR_NAME. */
    public static final String NAME = "rabbitmq";

    private static final String QUEUE_COLUMNS =
            "vhost,name,messages,messages_ready,messages_unacknowledged," + "consumers,memory,message_stats";

    /**
     * An inspector of the API at the URL: {@code http(s)://…/api}, or {@code rabbitmq+http(s)://host:port} (the
     * path {@code /api} is then implied when none is given).
     */
    public RabbitMqInspector(ManagementUrl url, Duration timeout) {
        super(
                NAME,
                RabbitMqDataSets.ALL,
                url,
                apiBase(url),
                timeout,
                "the RabbitMQ management API (plugin " + "rabbitmq_management, e.g. http://guest:guest@host:15672/api)",
                "RabbitMQ");
    }

    /** The http(s) address of the API for a URL this inspector accepts. */
    static URI apiBase(ManagementUrl url) {
        return apiBase(url, "rabbitmq+", "/api");
    }

    @Override
    public void connect() throws InspectionException {
        learn(identify(
                "/overview",
                "rabbitmq_version",
                "the management API",
                "the RabbitMQ management API, e.g. " + "http://guest:guest@host:15672/api"));
    }

    private void learn(JsonNode overview) {
        facts.put("sut.version", overview.path("rabbitmq_version").asText(""));
        facts.put(
                "sut.name",
                overview.path("cluster_name").asText(overview.path("node").asText("")));
    }

    @Override
    public Sample poll() throws InspectionException {
        Sample sample = new Sample();
        JsonNode overview = api.get("/overview");
        learn(overview);
        JsonNode totals = overview.path("queue_totals");
        JsonNode stats = overview.path("message_stats");
        JsonNode objects = overview.path("object_totals");
        sample.add(
                RabbitMqDataSets.OVERVIEW,
                Arrays.asList(
                        number(totals, "messages"),
                        number(totals, "messages_ready"),
                        number(totals, "messages_unacknowledged"),
                        number(stats, "publish"),
                        number(stats, "deliver_get"),
                        number(stats, "ack"),
                        rate(stats, "publish"),
                        rate(stats, "deliver_get"),
                        rate(stats, "ack"),
                        number(objects, "connections"),
                        number(objects, "channels"),
                        number(objects, "consumers"),
                        number(objects, "queues"),
                        number(objects, "exchanges")));
        for (JsonNode node : api.get("/nodes")) {
            sample.add(
                    RabbitMqDataSets.NODES,
                    Arrays.asList(
                            node.path("name").asText(""),
                            bool(node, "running"),
                            number(node, "mem_used"),
                            number(node, "mem_limit"),
                            bool(node, "mem_alarm"),
                            number(node, "disk_free"),
                            bool(node, "disk_free_alarm"),
                            number(node, "fd_used"),
                            number(node, "fd_total"),
                            number(node, "sockets_used"),
                            number(node, "sockets_total"),
                            number(node, "proc_used")));
        }
        List<JsonNode> queues = new ArrayList<>();
        api.get("/queues?columns=" + QUEUE_COLUMNS).forEach(queues::add);
        queues.sort(Comparator.comparing((JsonNode q) -> q.path("vhost").asText(""))
                .thenComparing(q -> q.path("name").asText("")));
        for (JsonNode queue : queues) {
            JsonNode queueStats = queue.path("message_stats");
            sample.add(
                    RabbitMqDataSets.QUEUES,
                    Arrays.asList(
                            queue.path("vhost").asText(""),
                            queue.path("name").asText(""),
                            number(queue, "messages"),
                            number(queue, "messages_ready"),
                            number(queue, "messages_unacknowledged"),
                            number(queue, "consumers"),
                            number(queue, "memory"),
                            counter(queueStats, "publish"),
                            counter(queueStats, "deliver_get"),
                            counter(queueStats, "ack"),
                            rate(queueStats, "publish"),
                            rate(queueStats, "deliver_get"),
                            rate(queueStats, "ack")));
        }
        return sample;
    }

    /** A message counter: 0 when the object has no statistics yet (no message went through it). */
    private static Object counter(JsonNode stats, String field) {
        Object value = number(stats, field);
        return value != null ? value : stats.isMissingNode() ? (Object) 0 : null;
    }

    private static Object rate(JsonNode stats, String field) {
        JsonNode value = stats.path(field + "_details").path("rate");
        return value.isNumber() ? value.numberValue() : stats.isMissingNode() ? (Object) 0 : null;
    }

    private static Object bool(JsonNode parent, String field) {
        JsonNode value = parent.path(field);
        return value.isBoolean() ? value.booleanValue() : null;
    }
}
