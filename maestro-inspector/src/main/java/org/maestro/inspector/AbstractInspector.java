package org.maestro.inspector;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.maestro.inspector.csv.DataSet;

/** What every {@link Inspector} keeps the same way: its name, its data sets and the facts it learns of the SUT. */
public abstract class AbstractInspector implements Inspector {
    /** What was learned about the SUT, e.g. {@code sut.product}, {@code sut.version}; read from any thread. */
    protected final Map<String, String> facts = new ConcurrentHashMap<>();

    private final String name;
    private final List<DataSet> dataSets;

    /** @param product the {@code sut.product} fact, e.g. {@code Mosquitto} */
    protected AbstractInspector(String name, List<DataSet> dataSets, String product) {
        this.name = name;
        this.dataSets = dataSets;
        facts.put("sut.product", product);
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final List<DataSet> dataSets() {
        return dataSets;
    }

    @Override
    public final Map<String, String> facts() {
        return new LinkedHashMap<>(facts);
    }
}
