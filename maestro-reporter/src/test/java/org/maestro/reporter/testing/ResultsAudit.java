package org.maestro.reporter.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;

/**
 * Checks every count, rate and percentile an iteration's report shows (its entry in {@code summary.json}, the
 * numbers on {@code iteration-N.html}, its row on the test's and the results' {@code index.html} and the headline of
 * {@code junit.xml}) against {@link Recount}, which recomputes them from the peers' raw files; each mismatch names
 * the file, the field, the value shown and the value recomputed.
 *
 * <pre>{@code
 * ResultsAudit.assertConsistent(Path.of("results/fixed-rate/0"));   // throws AssertionError listing mismatches
 * List<ResultsAudit.Mismatch> found = ResultsAudit.audit(Path.of("results/fixed-rate/0"));
 * }</pre>
 *
 * <p>Counts must be equal, percentiles equal to HdrHistogram's {@code getValueAtPercentile} of the summed measured
 * intervals, rates and means within 1e-6 relative; a formatted value must equal the recomputed one within half a
 * unit of its last printed digit.
 */
public final class ResultsAudit {

    /** A number shown that is not the number recomputed from the raw files. */
    public record Mismatch(String file, String field, String shown, String recomputed) {
        @Override
        public String toString() {
            return file + " " + field + ": shows " + shown + ", recomputed " + recomputed;
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double RELATIVE = 1e-6;

    private final List<Mismatch> mismatches = new ArrayList<>();

    private ResultsAudit() {}

    /** Throws an {@link AssertionError} listing every mismatch of the iteration's report. */
    public static void assertConsistent(Path iterationDir) {
        List<Mismatch> found = audit(iterationDir);
        if (!found.isEmpty()) {
            StringBuilder text = new StringBuilder("the report of " + iterationDir + " shows " + found.size()
                    + " number(s) the raw files do not give:");
            found.forEach(m -> text.append("\n  ").append(m));
            throw new AssertionError(text.toString());
        }
    }

    /** {@link #assertConsistent} for every iteration of every test of a results directory. */
    public static void assertResultsConsistent(Path resultsDir) {
        List<Mismatch> found = new ArrayList<>();
        int iterations = 0;
        try (java.util.stream.Stream<Path> tests = Files.list(resultsDir)) {
            for (Path test : tests.filter(Files::isDirectory).sorted().toList()) {
                try (java.util.stream.Stream<Path> dirs = Files.list(test)) {
                    for (Path dir : dirs.filter(Files::isDirectory)
                            .filter(d -> d.getFileName().toString().matches("\\d+"))
                            .sorted()
                            .toList()) {
                        iterations++;
                        found.addAll(audit(dir));
                    }
                }
            }
        } catch (IOException e) {
            throw new AssertionError("cannot list " + resultsDir + ": " + e.getMessage(), e);
        }
        if (iterations == 0) {
            throw new AssertionError(resultsDir + " holds no test iteration to audit");
        }
        if (!found.isEmpty()) {
            StringBuilder text = new StringBuilder(
                    "the report of " + resultsDir + " shows " + found.size() + " number(s) the raw files do not give:");
            found.forEach(m -> text.append("\n  ").append(m));
            throw new AssertionError(text.toString());
        }
    }

    /** Every mismatch between the iteration's summary.json, page and junit.xml and its raw files. */
    public static List<Mismatch> audit(Path iterationDir) {
        try {
            Path dir = iterationDir.toAbsolutePath().normalize();
            Recount.Numbers n = Recount.of(dir);
            ResultsAudit audit = new ResultsAudit();
            Path testDir = dir.getParent();
            String test = testDir.getFileName().toString();
            int iteration = Integer.parseInt(dir.getFileName().toString());
            audit.summary(testDir.resolve("summary.json"), iteration, n);
            audit.page(testDir.resolve("iteration-" + iteration + ".html"), n);
            audit.junit(testDir.resolve("junit.xml"), test + " #" + iteration, n);
            audit.runsRow(testDir.resolve("index.html"), test + "/index.html", test, iteration, false, n);
            Path index = testDir.getParent().resolve("index.html");
            if (Files.isRegularFile(index)) {
                audit.runsRow(index, "index.html", test, iteration, true, n);
            }
            return List.copyOf(audit.mismatches);
        } catch (IOException e) {
            throw new AssertionError("cannot audit " + iterationDir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Mismatches between the row the table of {@code maestro-cli run} printed for the iteration (columns TEST, #,
     * RESULT, SENT, RECEIVED, DUPLICATES, LOST, REFUSED, VANISHED, RATE msg/s, MB/s, p99 ms), with the line under it
     * on the receivers' drain, and the iteration's raw files.
     */
    public static List<Mismatch> auditRunTable(String output, Path iterationDir) {
        try {
            Path dir = iterationDir.toAbsolutePath().normalize();
            Recount.Numbers n = Recount.of(dir);
            String test = dir.getParent().getFileName().toString();
            String iteration = dir.getFileName().toString();
            ResultsAudit audit = new ResultsAudit();
            String f = "maestro-cli run table";
            String[] row = output.lines()
                    .map(String::trim)
                    .map(line -> line.split("\\s+"))
                    .filter(cells -> cells.length >= 12
                            && cells[0].equals(test)
                            && cells[1].equals(iteration)
                            && (cells[2].equals("PASS") || cells[2].equals("FAIL")))
                    .findFirst()
                    .orElse(null);
            if (row == null) {
                audit.mismatches.add(new Mismatch(f, test + " #" + iteration, "missing", "a row"));
                return List.copyOf(audit.mismatches);
            }
            String p = test + " #" + iteration + " ";
            audit.shownCount(f, p + "SENT", row[3], n.sent());
            audit.shownCount(f, p + "RECEIVED", row[4], n.received());
            audit.shownCount(f, p + "DUPLICATES", row[5], n.duplicates());
            audit.shownCount(f, p + "LOST", row[6], n.lost());
            audit.shownCount(f, p + "REFUSED", row[7], n.refused());
            audit.shownCount(f, p + "VANISHED", row[8], n.vanished());
            audit.shown(f, p + "RATE msg/s", row[9], n.throughput());
            String drainLine = output.lines()
                    .map(String::trim)
                    .filter(line -> line.startsWith(test + " #" + iteration + " drained after"))
                    .findFirst()
                    .orElse(null);
            audit.drainNote(f, drainLine, n);
            Recount.Latency response = n.latency().get("responseTime");
            if (response != null) {
                audit.shownMillis(f, p + "p99 ms", row[11], response.value("p99"));
            }
            return List.copyOf(audit.mismatches);
        } catch (IOException e) {
            throw new AssertionError("cannot audit " + iterationDir + ": " + e.getMessage(), e);
        }
    }

    // summary.json

    private void summary(Path file, int iteration, Recount.Numbers n) throws IOException {
        String f = "summary.json";
        if (!Files.isRegularFile(file)) {
            mismatches.add(new Mismatch(f, "file", "missing", "present"));
            return;
        }
        JsonNode entry = null;
        for (JsonNode it : JSON.readTree(file.toFile()).path("iterations")) {
            if (it.path("iteration").asInt(-1) == iteration) {
                entry = it;
            }
        }
        if (entry == null) {
            mismatches.add(new Mismatch(f, "iterations[" + iteration + "]", "missing", "present"));
            return;
        }
        JsonNode m = entry.path("messages");
        eachCount(n.messages(), (name, value) -> count(f, "messages." + name, m.get(name), value));
        count(f, "messages.errors", m.get("errors"), n.errors());
        same(f, "messages.lostKnown", m.path("lostKnown").asText(), Boolean.toString(n.lost() != null));
        real(f, "messages.lostPercent", m.get("lostPercent"), n.lostPercent());
        JsonNode outcomes = m.get("outcomes");
        if (n.outcomes() == null) {
            same(
                    f,
                    "messages.outcomes",
                    outcomes == null || outcomes.isNull() ? "absent" : outcomes.toString(),
                    "absent");
        } else {
            String[] names = {"accepted", "released", "rejected", "modified", "failed"};
            for (int i = 0; i < names.length; i++) {
                count(
                        f,
                        "messages.outcomes." + names[i],
                        outcomes == null ? null : outcomes.get(names[i]),
                        n.outcomes()[i]);
            }
        }
        rate(f, "rate.sender", entry.path("rate").path("sender"), n.senderRate());
        rate(f, "rate.receiver", entry.path("rate").path("receiver"), n.receiverRate());
        JsonNode drain = entry.path("rate").get("drained");
        if (n.drained() == null) {
            same(f, "rate.drained", drain == null || drain.isNull() ? "absent" : drain.toString(), "absent");
        } else {
            count(
                    f,
                    "rate.drained.messages",
                    drain == null ? null : drain.get("messages"),
                    n.drained().messages());
            count(
                    f,
                    "rate.drained.millis",
                    drain == null ? null : drain.get("millis"),
                    n.drained().millis());
        }
        JsonNode window = entry.path("rate").get("window");
        if (n.windowStart() > 0) {
            count(f, "rate.window.startMillis", window == null ? null : window.get("startMillis"), n.windowStart());
            count(f, "rate.window.endMillis", window == null ? null : window.get("endMillis"), n.windowEnd());
        } else {
            same(f, "rate.window", window == null || window.isNull() ? "absent" : window.toString(), "absent");
        }
        JsonNode latency = entry.path("latency");
        for (String metric : Recount.LATENCY_LOGS.keySet()) {
            latency(f, "latency." + metric, latency.get(metric), n.latency().get(metric));
        }
        JsonNode jitter = latency.get("jitter");
        latency(
                f,
                "latency.jitter",
                jitter,
                n.jitter() == null ? null : n.jitter().magnitude());
        if (n.jitter() != null && jitter != null) {
            count(
                    f,
                    "latency.jitter.lateCount",
                    jitter.get("lateCount"),
                    n.jitter().lateCount());
            count(f, "latency.jitter.lateMax", jitter.get("lateMax"), n.jitter().lateMax());
            count(
                    f,
                    "latency.jitter.earlyCount",
                    jitter.get("earlyCount"),
                    n.jitter().earlyCount());
            count(
                    f,
                    "latency.jitter.earlyMax",
                    jitter.get("earlyMax"),
                    n.jitter().earlyMax());
        }
        Map<String, JsonNode> streams = new LinkedHashMap<>();
        entry.path("streams")
                .forEach(s -> streams.put(
                        streamKey(
                                s.path("address").asText(),
                                s.path("sender").asText(),
                                s.path("connection").asInt()),
                        s));
        sameRows(f, "streams (rows)", streams.size(), n.streams().size());
        for (Recount.StreamCount s : n.streams()) {
            String key = streamKey(s.address(), s.sender(), s.connection());
            JsonNode row = streams.get(key);
            if (row == null) {
                mismatches.add(new Mismatch(f, "streams[" + key + "]", "missing", "present"));
                continue;
            }
            String p = "streams[" + key + "].";
            eachCount(s.counts(), (name, value) -> count(f, p + name, row.get(name), value));
        }
        List<JsonNode> peers = new ArrayList<>();
        entry.path("peers").forEach(peers::add);
        sameRows(f, "peers (rows)", peers.size(), n.peers().size());
        for (Recount.PeerCount peer : n.peers()) {
            JsonNode row = peers.stream()
                    .filter(r ->
                            namesPeer(r.path("name").asText(), r.path("host").asText(), peer.name()))
                    .findFirst()
                    .orElse(null);
            if (row == null) {
                mismatches.add(new Mismatch(f, "peers[" + peer.name() + "]", "missing", "present"));
                continue;
            }
            String p = "peers[" + peer.name() + "].";
            count(f, p + "count", row.get("count"), peer.count());
            if (peer.present()) {
                count(f, p + "errors", row.get("errors"), peer.errors());
                rate(f, p + "rate", row.path("rate"), peer.rate());
            }
        }
    }

    private void rate(String f, String field, JsonNode shown, Recount.Rate rate) {
        real(f, field + ".mean", shown.get("mean"), rate.mean());
        count(f, field + ".max", shown.get("max"), rate.max());
        count(f, field + ".min", shown.get("min"), rate.min());
        count(f, field + ".seconds", shown.get("seconds"), (long) rate.seconds());
        count(f, field + ".total", shown.get("total"), rate.total());
        count(f, field + ".millis", shown.get("millis"), rate.millis());
        count(f, field + ".warmup", shown.get("warmup"), rate.warmup());
    }

    private void latency(String f, String field, JsonNode shown, Recount.Latency expected) {
        if (expected == null || shown == null || shown.isNull()) {
            same(
                    f,
                    field,
                    shown == null || shown.isNull() ? "absent" : "present",
                    expected == null ? "absent" : "present");
            return;
        }
        count(f, field + ".count", shown.get("count"), expected.count());
        real(f, field + ".mean", shown.get("mean"), expected.mean());
        expected.values().forEach((name, value) -> count(f, field + "." + name, shown.get(name), value));
    }

    // iteration-N.html

    private void page(Path file, Recount.Numbers n) throws IOException {
        String f = file.getFileName().toString();
        if (!Files.isRegularFile(file)) {
            mismatches.add(new Mismatch(f, "file", "missing", "present"));
            return;
        }
        Document doc = Jsoup.parse(file.toFile(), "UTF-8");
        shown(f, "card-throughput", cardValue(doc, "card-throughput"), n.throughput());
        Recount.Latency response = n.latency().get("responseTime");
        if (response != null) {
            shownMillis(f, "card-response-p99", cardValue(doc, "card-response-p99"), response.value("p99"));
            shownMillis(
                    f,
                    "card-response-p99 p50",
                    after(cardSub(doc, "card-response-p99"), "p50 "),
                    response.value("p50"));
            shownMillis(
                    f,
                    "card-response-p99 max",
                    after(cardSub(doc, "card-response-p99"), "max "),
                    response.value("max"));
        }
        Recount.Latency service = n.latency().get("serviceTime");
        if (service != null) {
            shownMillis(f, "card-service-p99", cardValue(doc, "card-service-p99"), service.value("p99"));
        }
        if (n.jitter() != null) {
            shownMillis(
                    f, "card-jitter", cardValue(doc, "card-jitter"), n.jitter().lateMax());
            String sub = cardSub(doc, "card-jitter");
            shownMillis(
                    f,
                    "card-jitter |J| p50",
                    after(sub, "p50 "),
                    n.jitter().magnitude().value("p50"));
            shownMillis(
                    f,
                    "card-jitter |J| p99",
                    after(sub, "p99 "),
                    n.jitter().magnitude().value("p99"));
            shownMillis(
                    f,
                    "card-jitter early max",
                    after(sub, "early max "),
                    n.jitter().earlyMax());
        }
        shownCount(f, "card-sent", cardValue(doc, "card-sent"), n.sent());
        shownCount(f, "card-sent received", after(cardSub(doc, "card-sent"), "received "), n.received());
        shownCount(f, "card-lost", cardValue(doc, "card-lost"), n.lost());
        if (n.lost() != null) {
            String sub = cardSub(doc, "card-lost");
            shown(f, "card-lost %", sub.replaceAll("%.*", ""), n.lostPercent());
            if (sub.contains("refused")) {
                shownCount(f, "card-lost refused", after(sub, "refused "), n.refused());
                shownCount(f, "card-lost vanished", after(sub, "vanished "), n.vanished());
            }
        }
        if (n.outcomes() != null) {
            long[] o = n.outcomes();
            shownCount(f, "card-outcomes", cardValue(doc, "card-outcomes"), o[1] + o[2] + o[3] + o[4]);
            String sub = cardSub(doc, "card-outcomes");
            shownCount(f, "card-outcomes released", after(sub, "released "), o[1]);
            shownCount(f, "card-outcomes rejected", after(sub, "rejected "), o[2]);
            shownCount(f, "card-outcomes modified", after(sub, "modified "), o[3]);
            shownCount(f, "card-outcomes failed", after(sub, "failed "), o[4]);
            shownCount(f, "card-outcomes attempts", after(sub, " of "), o[0] + o[1] + o[2] + o[3] + o[4]);
        } else if (doc.getElementById("card-outcomes") != null) {
            same(f, "card-outcomes", "present", "absent");
        }
        shownCount(f, "card-duplicates", cardValue(doc, "card-duplicates"), n.duplicates());
        shownCount(
                f,
                "card-duplicates out of order",
                after(cardSub(doc, "card-duplicates"), "out of order "),
                n.outOfOrder());
        shownCount(f, "card-errors", cardValue(doc, "card-errors"), n.errors());

        Map<String, Recount.Latency> rows = new LinkedHashMap<>(n.latency());
        if (n.jitter() != null) {
            rows.put("jitter", n.jitter().magnitude());
        }
        for (String metric : List.of("responseTime", "serviceTime", "sendDelay", "jitter")) {
            Element row = doc.selectFirst("tr[data-metric=" + metric + "]");
            Recount.Latency expected = rows.get(metric);
            if (expected == null || row == null) {
                same(
                        f,
                        "latency row " + metric,
                        row == null ? "absent" : "present",
                        expected == null ? "absent" : "present");
                continue;
            }
            Elements cells = row.select("td");
            String p = "latency row " + metric + " ";
            shownCount(f, p + "count", cells.get(1).text(), expected.count());
            shown(f, p + "mean", millisText(cells.get(2).text()), expected.mean() / 1000.0);
            int i = 3;
            for (Map.Entry<String, Long> value : expected.values().entrySet()) {
                shownMillis(f, p + value.getKey(), cells.get(i++).text(), value.getValue());
            }
        }
        if (n.jitter() != null) {
            Element note = doc.getElementById("jitter-note");
            String text = note == null ? "" : note.text();
            jitterNote(f, text, "late", "≥", n.jitter().lateCount(), n.jitter().lateMax());
            jitterNote(
                    f, text, "early", "<", n.jitter().earlyCount(), n.jitter().earlyMax());
        }

        sameRows(f, "rate table (rows)", doc.select("table#rates tbody tr").size(), 2);
        for (Element row : doc.select("table#rates tbody tr")) {
            Elements cells = row.select("td");
            String label = cells.get(0).text();
            Recount.Rate rate = label.equals("senders") ? n.senderRate() : n.receiverRate();
            String p = "rate row " + label + " ";
            shown(f, p + "mean msg/s", cells.get(1).text(), rate.mean());
            shownCount(f, p + "max msg/s", cells.get(2).text(), rate.max());
            shownCount(f, p + "min msg/s", cells.get(3).text(), rate.min());
            if (rate.millis() > 0) {
                shown(f, p + "measured window s", cells.get(4).text(), rate.millis() / 1000.0);
            }
            shownCount(f, p + "measured messages", cells.get(5).text(), rate.total());
            shownCount(f, p + "warm-up messages", cells.get(6).text(), rate.warmup());
        }
        drainNote(
                f,
                doc.getElementById("drain-note") == null
                        ? null
                        : doc.getElementById("drain-note").text(),
                n);

        Map<String, Elements> streamRows = new LinkedHashMap<>();
        for (Element row : doc.select("table#streams tbody tr")) {
            Elements cells = row.select("td");
            streamRows.put(
                    streamKey(
                            cells.get(0).text(),
                            cells.get(1).text(),
                            Integer.parseInt(cells.get(2).text())),
                    cells);
        }
        sameRows(f, "streams table (rows)", streamRows.size(), n.streams().size());
        for (Recount.StreamCount s : n.streams()) {
            String key = streamKey(s.address(), s.sender(), s.connection());
            Elements cells = streamRows.get(key);
            if (cells == null) {
                continue;
            }
            String p = "streams table " + key + " ";
            shownCount(f, p + "sent", cells.get(3).text(), s.counts().sent());
            shownCount(f, p + "received", cells.get(4).text(), s.counts().received());
            shownCount(f, p + "lost", cells.get(5).text(), s.counts().lost());
            shownCount(f, p + "refused", cells.get(6).text(), s.counts().refused());
            shownCount(f, p + "vanished", cells.get(7).text(), s.counts().vanished());
            shownCount(f, p + "duplicates", cells.get(8).text(), s.counts().duplicates());
            shownCount(f, p + "out of order", cells.get(9).text(), s.counts().outOfOrder());
        }

        List<Elements> peerRows = new ArrayList<>();
        doc.select("table#peers tbody tr").forEach(row -> peerRows.add(row.select("td")));
        sameRows(f, "peers table (rows)", peerRows.size(), n.peers().size());
        for (Recount.PeerCount peer : n.peers()) {
            Elements cells = peerRows.stream()
                    .filter(c -> namesPeer(c.get(0).text(), c.get(2).text(), peer.name()))
                    .findFirst()
                    .orElse(null);
            if (cells == null) {
                mismatches.add(new Mismatch(f, "peers table " + peer.name(), "missing", "present"));
                continue;
            }
            String p = "peers table " + peer.name() + " ";
            shownCount(f, p + "messages", cells.get(4).text(), peer.count());
            if (peer.present()) {
                shownCount(f, p + "errors", cells.get(5).text(), peer.errors());
                if (peer.rate().seconds() > 0) {
                    shown(f, p + "mean msg/s", cells.get(6).text(), peer.rate().mean());
                }
            }
        }
    }

    /** The count and maximum the jitter note gives of one side: "N late values (J ≥ 0, max M ms". */
    private void jitterNote(String f, String text, String side, String sign, long count, long maxMicros) {
        Matcher values = Pattern.compile("([\\d,]+) " + side + " values \\(J " + sign + " 0, max ([\\d,.]+) ms")
                .matcher(text);
        boolean found = values.find();
        shownCount(f, "jitter-note " + side + " count", found ? values.group(1) : "", count);
        shownMillis(f, "jitter-note " + side + " max", found ? values.group(2) : "", maxMicros);
    }

    /**
     * The receivers' drain as a text says it ("drained after the senders stopped: N messages in T s"), or that the text
     * is absent (null) when nothing was drained.
     */
    private void drainNote(String f, String text, Recount.Numbers n) {
        Recount.Drain drained = n.drained();
        if (drained == null || drained.messages() == 0) {
            same(f, "drain note", text == null ? "absent" : text, "absent");
            return;
        }
        Matcher note = Pattern.compile("drained after the senders stopped: ([\\d,]+) messages in ([\\d.]+) s")
                .matcher(text == null ? "" : text);
        boolean found = note.find();
        shownCount(f, "drain note messages", found ? note.group(1) : "absent", drained.messages());
        shown(f, "drain note s", found ? note.group(2) : "absent", drained.millis() / 1000.0);
    }

    // the run tables of <test>/index.html and <results>/index.html

    private void runsRow(Path file, String f, String test, int iteration, boolean withTest, Recount.Numbers n)
            throws IOException {
        if (!Files.isRegularFile(file)) {
            mismatches.add(new Mismatch(f, "file", "missing", "present"));
            return;
        }
        Document doc = Jsoup.parse(file.toFile(), "UTF-8");
        Element row = null;
        for (Element candidate : doc.select("table#runs tbody tr")) {
            if (candidate.attr("data-test").equals(test)
                    && candidate.attr("data-iteration").equals(Integer.toString(iteration))) {
                row = candidate;
            }
        }
        String p = "runs row " + test + " #" + iteration + " ";
        if (row == null) {
            mismatches.add(new Mismatch(f, p.trim(), "missing", "present"));
            return;
        }
        Elements cells = row.select("td");
        int at = withTest ? 5 : 4;
        shown(f, p + "throughput msg/s", cells.get(at).text(), n.throughput());
        Recount.Latency response = n.latency().get("responseTime");
        if (response != null) {
            shownMillis(f, p + "p50 response", cells.get(at + 1).text(), response.value("p50"));
            shownMillis(f, p + "p99 response", cells.get(at + 2).text(), response.value("p99"));
        }
        shownCount(f, p + "sent", cells.get(at + 3).text(), n.sent());
        shownCount(f, p + "lost", cells.get(at + 4).text(), n.lost());
        shownCount(f, p + "errors", cells.get(at + 5).text(), n.errors());
    }

    // junit.xml

    private void junit(Path file, String testCase, Recount.Numbers n) throws IOException {
        String f = "junit.xml";
        if (!Files.isRegularFile(file)) {
            mismatches.add(new Mismatch(f, "file", "missing", "present"));
            return;
        }
        Document xml = Jsoup.parse(Files.readString(file), "", org.jsoup.parser.Parser.xmlParser());
        Element out = null;
        for (Element c : xml.select("testcase")) {
            if (testCase.equals(c.attr("name"))) {
                out = c.selectFirst("system-out");
            }
        }
        if (out == null) {
            mismatches.add(new Mismatch(f, "testcase " + testCase, "missing", "present"));
            return;
        }
        String line = out.text();
        Map<String, String> values = new LinkedHashMap<>();
        Matcher pair = Pattern.compile("(?:^|\\s)([A-Za-z]+(?:\\.[A-Za-z0-9]+)?)=(\\S+)")
                .matcher(line);
        while (pair.find()) {
            values.putIfAbsent(pair.group(1), pair.group(2));
        }
        String p = testCase + " ";
        eachCount(n.messages(), (name, value) -> shownCount(f, p + name, values.get(name), value));
        shownCount(f, p + "errors", values.get("errors"), n.errors());
        shown(f, p + "throughput", values.get("throughput"), n.throughput());
        if (n.outcomes() != null) {
            String[] names = {"accepted", "released", "rejected", "modified", "failed"};
            for (int i = 0; i < names.length; i++) {
                shownCount(f, p + names[i], values.get(names[i]), n.outcomes()[i]);
            }
        }
        Recount.Latency response = n.latency().get("responseTime");
        if (response != null) {
            shownMillis(f, p + "responseTime.p99", values.get("responseTime.p99"), response.value("p99"));
        }
        if (n.jitter() != null) {
            shownMillis(
                    f,
                    p + "jitter.lateMax",
                    values.get("jitter.lateMax"),
                    n.jitter().lateMax());
            shownMillis(
                    f,
                    p + "jitter.p99",
                    values.get("jitter.p99"),
                    n.jitter().magnitude().value("p99"));
            shownMillis(
                    f,
                    p + "jitter.earlyMax",
                    values.get("jitter.earlyMax"),
                    n.jitter().earlyMax());
        }
    }

    // comparisons

    /** Each of the message counts, by the name summary.json and junit.xml give it, and its recounted value. */
    private static void eachCount(Recount.Counts counts, BiConsumer<String, Long> check) {
        check.accept("sent", counts.sent());
        check.accept("received", counts.received());
        check.accept("lost", counts.lost());
        check.accept("refused", counts.refused());
        check.accept("vanished", counts.vanished());
        check.accept("duplicates", counts.duplicates());
        check.accept("outOfOrder", counts.outOfOrder());
    }

    /** A JSON count: null (or absent) only when the recomputed count is unknown, else equal. */
    private void count(String f, String field, JsonNode shown, Long expected) {
        String text = shown == null ? "absent" : shown.isNull() ? "null" : shown.asText();
        if (expected == null
                ? !"null".equals(text)
                : !(shown != null && shown.isIntegralNumber() && shown.asLong() == expected)) {
            mismatches.add(new Mismatch(f, field, text, expected == null ? "null" : expected.toString()));
        }
    }

    /** A JSON real within {@value #RELATIVE} relative. */
    private void real(String f, String field, JsonNode shown, Double expected) {
        String text = shown == null ? "absent" : shown.isNull() ? "null" : shown.asText();
        boolean ok = expected == null
                ? "null".equals(text)
                : shown != null && shown.isNumber() && close(shown.asDouble(), expected);
        if (!ok) {
            mismatches.add(new Mismatch(f, field, text, expected == null ? "null" : expected.toString()));
        }
    }

    private static boolean close(double shown, double expected) {
        return Math.abs(shown - expected) <= RELATIVE * Math.max(Math.abs(expected), 1e-9);
    }

    /** A printed count ("1,234" or "unknown"): exactly the recomputed one. */
    private void shownCount(String f, String field, String shown, Long expected) {
        String text = shown == null ? "absent" : shown.trim();
        boolean ok;
        if (expected == null) {
            ok = text.equals("unknown");
        } else {
            try {
                ok = Long.parseLong(text.replace(",", "")) == expected;
            } catch (NumberFormatException e) {
                ok = false;
            }
        }
        if (!ok) {
            mismatches.add(new Mismatch(f, field, text, expected == null ? "unknown" : expected.toString()));
        }
    }

    /** A printed latency in ms ("1.234 ms" or "1.234") of a value recomputed in µs. */
    private void shownMillis(String f, String field, String shown, long micros) {
        shown(f, field, shown == null ? null : millisText(shown), micros / 1000.0);
    }

    /** A printed real: the recomputed value within half a unit of its last printed digit. */
    private void shown(String f, String field, String shown, Double expected) {
        String text = shown == null ? "absent" : shown.trim();
        boolean ok;
        try {
            BigDecimal value = new BigDecimal(text.replace(",", ""));
            double tolerance = 0.5 * Math.pow(10, -Math.max(value.scale(), 0)) * (1 + 1e-9) + 1e-9;
            ok = expected != null && Math.abs(value.doubleValue() - expected) <= tolerance;
        } catch (NumberFormatException e) {
            ok = false;
        }
        if (!ok) {
            mismatches.add(new Mismatch(
                    f, field, text, expected == null ? "unknown" : String.format(Locale.ROOT, "%.6f", expected)));
        }
    }

    /** As many rows shown as expected. */
    private void sameRows(String f, String field, int shown, int expected) {
        same(f, field, Integer.toString(shown), Integer.toString(expected));
    }

    private void same(String f, String field, String shown, String expected) {
        if (!shown.equals(expected)) {
            mismatches.add(new Mismatch(f, field, shown, expected));
        }
    }

    private static String millisText(String text) {
        return text.trim().replace(" ms", "");
    }

    private static String cardValue(Document doc, String id) {
        Element card = doc.getElementById(id);
        Element value = card == null ? null : card.selectFirst(".value");
        return value == null ? null : value.text();
    }

    private static String cardSub(Document doc, String id) {
        Element card = doc.getElementById(id);
        Element sub = card == null ? null : card.selectFirst(".sub");
        return sub == null ? "" : sub.text();
    }

    /** The number printed after a label in a line: after("p50 1.2 ms · max 3 ms", "max ") → "3". */
    private static String after(String text, String label) {
        int at = text.indexOf(label);
        if (at < 0) {
            return null;
        }
        Matcher number = Pattern.compile("^[\\d,]+(?:\\.\\d+)?").matcher(text.substring(at + label.length()));
        return number.find() ? number.group() : null;
    }

    private static String streamKey(String address, String sender, int connection) {
        return address + "|" + sender + "#" + connection;
    }

    /** A row's peer name (and host) names the peer: exactly, or as the roster's {@code name@host}. */
    private static boolean namesPeer(String rowName, String rowHost, String peer) {
        return rowName.equals(peer) || (rowName + "@" + rowHost).equals(peer);
    }

    private void shown(String f, String field, String shown, double expected) {
        shown(f, field, shown, Double.valueOf(expected));
    }

    private void count(String f, String field, JsonNode shown, long expected) {
        count(f, field, shown, Long.valueOf(expected));
    }

    private void real(String f, String field, JsonNode shown, double expected) {
        real(f, field, shown, Double.valueOf(expected));
    }

    private void shownCount(String f, String field, String shown, long expected) {
        shownCount(f, field, shown, Long.valueOf(expected));
    }
}
