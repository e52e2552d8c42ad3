package org.maestro.inspector.artemis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.maestro.common.options.ManagementUrl;
import org.maestro.inspector.InspectionException;
import org.maestro.inspector.Inspector;
import org.maestro.inspector.Sample;
import org.maestro.inspector.csv.DataSet;

/**
 * Inspects an ActiveMQ Artemis broker through its Jolokia agent ({@code /console/jolokia} of a standalone broker):
 * JVM heap, memory pools, operating system and queues, with one HTTP request per poll (a Jolokia bulk read).
 */
public final class ArtemisInspector implements Inspector {
    /** The name used in START_INSPECTOR and INSPECTOR_NAME. */
    public static final String NAME = "artemis";

    private static final String[] OS_ATTRIBUTES = {"OpenFileDescriptorCount", "MaxFileDescriptorCount",
        "SystemLoadAverage", "AvailableProcessors", "ProcessCpuLoad", "SystemCpuLoad", "FreePhysicalMemorySize",
        "TotalPhysicalMemorySize", "FreeSwapSpaceSize", "TotalSwapSpaceSize", "CommittedVirtualMemorySize"};
    private static final String[] QUEUE_ATTRIBUTES = {"Address", "Name", "RoutingType", "MessageCount",
        "MessagesAdded", "MessagesAcknowledged", "MessagesExpired", "MessagesKilled", "ConsumerCount",
        "DeliveringCount"};
    private static final String BROKER_PATTERN = "org.apache.activemq.artemis:broker=*";
    private static final String QUEUE_PATTERN = "org.apache.activemq.artemis:component=addresses,subcomponent=queues,*";

    private final JolokiaClient jolokia;
    private final Map<String, String> facts = new ConcurrentHashMap<>();

    /**
     * An inspector of the Jolokia agent at the URL.
     *
     * @param timeout the longest wait for one answer
     */
    public ArtemisInspector(ManagementUrl url, Duration timeout) {
        this.jolokia = new JolokiaClient(url, timeout);
        facts.put("sut.product", "ActiveMQ Artemis");
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<DataSet> dataSets() {
        return ArtemisDataSets.ALL;
    }

    @Override
    public void connect() throws InspectionException {
        List<JolokiaClient.JolokiaResponse> answers = jolokia.bulk(List.of(JolokiaClient.version(), brokerRead()));
        JolokiaClient.JolokiaResponse agent = answers.get(0);
        if (!agent.ok()) {
            throw new InspectionException(jolokia.url().redacted() + " did not answer a Jolokia version request ("
                    + agent.status() + " " + agent.error() + "); is it a Jolokia agent?");
        }
        facts.put("jolokia.agent.version", agent.value().path("agent").asText(""));
        learnBroker(answers.get(1));
    }

    private static ObjectNode brokerRead() {
        return JolokiaClient.read(BROKER_PATTERN, "Name", "Version");
    }

    private void learnBroker(JolokiaClient.JolokiaResponse broker) {
        if (!broker.ok()) {
            return;
        }
        Iterator<JsonNode> brokers = broker.value().elements();
        if (brokers.hasNext()) {
            JsonNode first = brokers.next();
            facts.put("sut.version", first.path("Version").asText(""));
            facts.put("sut.name", first.path("Name").asText(""));
        }
    }

    @Override
    public Sample poll() throws InspectionException {
        List<ObjectNode> requests = new ArrayList<>(List.of(
                JolokiaClient.read("java.lang:type=Memory", "HeapMemoryUsage"),
                JolokiaClient.read("java.lang:type=MemoryPool,name=*", "Name", "Type", "Usage"),
                JolokiaClient.ignoringErrors(JolokiaClient.read("java.lang:type=OperatingSystem", OS_ATTRIBUTES)),
                JolokiaClient.ignoringErrors(JolokiaClient.read(QUEUE_PATTERN, QUEUE_ATTRIBUTES))));
        boolean brokerKnown = facts.containsKey("sut.version");
        if (!brokerKnown) {
            requests.add(brokerRead());
        }
        List<JolokiaClient.JolokiaResponse> answers = jolokia.bulk(requests);
        Sample sample = new Sample();
        heap(answers.get(0), sample);
        pools(answers.get(1), sample);
        os(answers.get(2), sample);
        queues(answers.get(3), sample);
        if (!brokerKnown) {
            learnBroker(answers.get(4));
        }
        return sample;
    }

    private static void heap(JolokiaClient.JolokiaResponse answer, Sample sample) {
        if (!answer.ok()) {
            sample.fail("heap not read: " + answer.status() + " " + answer.error());
            return;
        }
        JsonNode usage = answer.value().path("HeapMemoryUsage");
        sample.add(ArtemisDataSets.JVM_HEAP, usage(usage));
    }

    private static List<Object> usage(JsonNode usage) {
        return Arrays.asList(number(usage.path("init")), number(usage.path("committed")), number(usage.path("max")),
                number(usage.path("used")));
    }

    private static void pools(JolokiaClient.JolokiaResponse answer, Sample sample) {
        if (!answer.ok()) {
            sample.fail("memory pools not read: " + answer.status() + " " + answer.error());
            return;
        }
        List<JsonNode> pools = new ArrayList<>();
        answer.value().elements().forEachRemaining(pools::add);
        pools.sort(Comparator.comparing(pool -> pool.path("Name").asText("")));
        for (JsonNode pool : pools) {
            JsonNode usage = pool.path("Usage");
            if (!usage.isObject()) {
                continue; // a pool that is no longer valid reports no usage
            }
            List<Object> row = new ArrayList<>();
            row.add(pool.path("Name").asText(""));
            row.add(pool.path("Type").asText(""));
            row.addAll(usage(usage));
            sample.add(ArtemisDataSets.MEMORY_POOLS, row);
        }
    }

    private static void os(JolokiaClient.JolokiaResponse answer, Sample sample) {
        if (!answer.ok()) {
            sample.fail("operating system not read: " + answer.status() + " " + answer.error());
            return;
        }
        List<Object> row = new ArrayList<>();
        for (String attribute : OS_ATTRIBUTES) {
            row.add(number(answer.value().path(attribute)));
        }
        sample.add(ArtemisDataSets.OS, row);
    }

    private static void queues(JolokiaClient.JolokiaResponse answer, Sample sample) {
        if (answer.status() == 404) {
            return; // no queue at all
        }
        if (!answer.ok()) {
            sample.fail("queues not read: " + answer.status() + " " + answer.error());
            return;
        }
        Map<String, JsonNode> byName = new java.util.TreeMap<>();
        answer.value().fields().forEachRemaining(entry -> byName.put(
                entry.getValue().path("Address").asText("") + "\u0000" + entry.getValue().path("Name").asText("")
                + "\u0000" + entry.getKey(), entry.getValue()));
        for (JsonNode queue : byName.values()) {
            List<Object> row = new ArrayList<>();
            row.add(text(queue.path("Address")));
            row.add(text(queue.path("Name")));
            row.add(text(queue.path("RoutingType")));
            for (String attribute : Arrays.copyOfRange(QUEUE_ATTRIBUTES, 3, QUEUE_ATTRIBUTES.length)) {
                row.add(number(queue.path(attribute)));
            }
            sample.add(ArtemisDataSets.QUEUES, row);
        }
    }

    /** A number read, or null when the attribute is missing or was an error text (ignoreErrors). */
    private static Object number(JsonNode node) {
        if (node.isIntegralNumber()) {
            return node.longValue();
        }
        if (node.isNumber()) {
            return node.doubleValue();
        }
        return null;
    }

    private static String text(JsonNode node) {
        return node.isMissingNode() || node.isNull() ? null : node.asText();
    }

    @Override
    public Map<String, String> facts() {
        return new LinkedHashMap<>(facts);
    }

    @Override
    public void close() {
        jolokia.close();
    }
}
