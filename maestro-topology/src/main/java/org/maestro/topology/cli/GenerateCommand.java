package org.maestro.topology.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.cli.MaestroCommand;
import org.maestro.topology.NodeEndpoint;
import org.maestro.topology.generate.BasePortAssigner;
import org.maestro.topology.generate.GeneratedTopology;
import org.maestro.topology.generate.GenerationSettings;
import org.maestro.topology.generate.TopologyFiles;
import org.maestro.topology.generate.TopologyGenerator;
import org.maestro.topology.input.TopologyDescription;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** {@code topology generate}: writes one qdrouterd.conf per router and the variables file. */
@Command(
        name = "generate",
        mixinStandardHelpOptions = true,
        header = "Generate one qdrouterd.conf per router and a variables file from a topology description.",
        description = {
            "Examples:",
            "  topology generate --input line.yaml --output out/",
            "  topology generate --type line --inventory inventory.yaml --output out/"
        })
public final class GenerateCommand extends MaestroCommand {

    @Mixin
    TopologySourceOptions source;

    @Option(
            names = {"-o", "--output"},
            required = true,
            paramLabel = "DIR",
            description = "Directory to write to.")
    Path output;

    @Option(
            names = "--normal-port-base",
            paramLabel = "PORT",
            description = "Port of the first router's client listener.")
    Integer normalPortBase;

    @Option(
            names = "--inter-router-port-base",
            paramLabel = "PORT",
            description = "Port of the first router's inter-router listener.")
    Integer interRouterPortBase;

    @Option(
            names = "--broker-port-base",
            paramLabel = "PORT",
            description = "Port of the first broker's AMQP acceptor.")
    Integer brokerPortBase;

    @Option(
            names = "--variables-format",
            paramLabel = "FORMAT",
            defaultValue = "yaml",
            converter = VariablesFormatConverter.class,
            description = "Format of the variables file: yaml or json (default: ${DEFAULT-VALUE}).")
    TopologyFiles.VariablesFormat variablesFormat;

    /** Reads {@code yaml} or {@code json}, in any case. */
    static final class VariablesFormatConverter implements ITypeConverter<TopologyFiles.VariablesFormat> {
        @Override
        public TopologyFiles.VariablesFormat convert(String value) {
            for (TopologyFiles.VariablesFormat format : TopologyFiles.VariablesFormat.values()) {
                if (format.name().equalsIgnoreCase(value)) {
                    return format;
                }
            }
            throw new TypeConversionException("'" + value + "' is not a variables format; use yaml or json");
        }
    }

    @Override
    public Integer call() throws Exception {
        TopologyDescription description = source.load();
        if (normalPortBase != null) {
            description.ports.normal = normalPortBase;
        }
        if (interRouterPortBase != null) {
            description.ports.interRouter = interRouterPortBase;
        }
        if (brokerPortBase != null) {
            description.ports.broker = brokerPortBase;
        }
        GeneratedTopology topology = TopologyGenerator.generate(
                description, source.source(), GenerationSettings.asDescribed(new BasePortAssigner(description.ports)));
        List<Path> written = TopologyFiles.write(topology, output, variablesFormat);
        PrintWriter out = spec.commandLine().getOut();
        out.println("Topology '" + topology.name() + "': " + topology.routers().size() + " router(s), "
                + topology.brokers().size() + " broker(s)");
        written.forEach(file -> out.println("  wrote " + file));
        out.println("Client URLs:");
        for (NodeEndpoint node : topology.topology().nodes()) {
            out.printf("  %-16s %-7s %s%n", node.name(), node.type().label(), node.url());
        }
        return ExitCode.OK.code();
    }
}
