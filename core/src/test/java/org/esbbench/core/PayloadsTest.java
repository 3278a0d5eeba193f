package org.esbbench.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.esbbench.core.xml.XmlDocuments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

class PayloadsTest {

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    /** Every standard size, every size of the first few hundred bytes (all padding cases), some odd ones. */
    static Stream<Integer> sizes() {
        int smallest = Math.max(Payloads.minimumSize(PayloadFormat.SOAP), Payloads.minimumSize(PayloadFormat.JSON));
        return Stream.of(
                IntStream.of(Payloads.STANDARD_SIZES).boxed(),
                IntStream.range(smallest, smallest + 300).boxed(),
                Stream.of(777, 1000, 1023, 1025, 4097, 65_537, 1_000_000)).flatMap(s -> s);
    }

    @ParameterizedTest
    @MethodSource("sizes")
    void soapHasExactlyTheSizeAndIsTheBuyStocksEnvelope(int size) throws SAXException {
        byte[] soap = Payloads.soap(size);

        assertThat(soap).hasSize(size);
        Document envelope = XmlDocuments.parse(soap);
        assertThat(XmlDocuments.isSoap11Envelope(envelope)).isTrue();
        assertThat(routing(envelope)).isEqualTo(Payloads.ROUTING_VALUE);
        List<Element> orders = orders(envelope);
        assertThat(orders).isNotEmpty();
        assertThat(child(orders.get(0), "symbol")).isEqualTo("IBM");
        for (Element order : orders) {
            assertThat(new BigDecimal(child(order, "volume"))).isEqualByComparingTo("2000");
            assertThat(new BigDecimal(child(order, "price"))).isPositive();
            assertThat(child(order, "buyerID")).isNotBlank();
        }
    }

    @ParameterizedTest
    @MethodSource("sizes")
    void jsonHasExactlyTheSizeAndIsTheBuyStocksTwin(int size) throws Exception {
        byte[] json = Payloads.json(size);

        assertThat(json).hasSize(size);
        JsonNode orders = JSON.readTree(json).path("buyStocks").path("order");
        assertThat(orders.isArray()).isTrue();
        assertThat(orders.get(0).path("symbol").asText()).isEqualTo("IBM");
        for (JsonNode order : orders) {
            assertThat(order.path("volume").decimalValue()).isEqualByComparingTo("2000");
            assertThat(order.path("price").isNumber()).isTrue();
            assertThat(order.path("buyerID").asText()).isNotBlank();
        }
    }

    @Test
    void standardSizesAreTheThreeRoundsSets() {
        assertThat(Payloads.STANDARD_SIZES).containsExactly(512, 1024, 2048, 5120, 10240, 20480, 102400, 204800);
    }

    @Test
    void payloadsAreDeterministic() {
        assertThat(Payloads.soap(10240)).isEqualTo(Payloads.soap(10240));
        assertThat(Payloads.json(10240)).isEqualTo(Payloads.json(10240));
    }

    @Test
    void symbolsCycleIbmMsftSunGoogInBothFormats() throws Exception {
        List<String> soapSymbols = new ArrayList<>();
        for (Element order : orders(XmlDocuments.parse(Payloads.soap(2048)))) {
            soapSymbols.add(child(order, "symbol"));
        }
        List<String> jsonSymbols = new ArrayList<>();
        JSON.readTree(Payloads.json(2048)).path("buyStocks").path("order").forEach(o -> jsonSymbols.add(o.path("symbol").asText()));

        assertThat(soapSymbols.subList(0, 5)).containsExactly("IBM", "MSFT", "SUN", "GOOG", "IBM");
        assertThat(jsonSymbols.subList(0, 5)).containsExactly("IBM", "MSFT", "SUN", "GOOG", "IBM");
    }

    @Test
    void largerPayloadsCarryMoreOrders() throws SAXException {
        assertThat(orders(XmlDocuments.parse(Payloads.soap(102400)))).hasSizeGreaterThan(
                orders(XmlDocuments.parse(Payloads.soap(10240))).size() * 9);
    }

    @Test
    void sizesBelowOneOrderAreRefused() {
        int smallestSoap = Payloads.minimumSize(PayloadFormat.SOAP);
        int smallestJson = Payloads.minimumSize(PayloadFormat.JSON);

        assertThat(smallestSoap).isLessThan(512);
        assertThat(smallestJson).isLessThan(512);
        assertThatThrownBy(() -> Payloads.soap(smallestSoap - 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least " + smallestSoap + " bytes");
        assertThatThrownBy(() -> Payloads.json(smallestJson - 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least " + smallestJson + " bytes");
        assertThatThrownBy(() -> Payloads.soap(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void firstSymbolNotIbmVariantKeepsTheSize() throws SAXException {
        byte[] variant = Payloads.soapFirstSymbolNotIbm(1024);

        assertThat(variant).hasSize(1024);
        Document envelope = XmlDocuments.parse(variant);
        assertThat(child(orders(envelope).get(0), "symbol")).isEqualTo(Payloads.NOT_IBM_SYMBOL).isNotEqualTo("IBM");
        assertThat(routing(envelope)).isEqualTo(Payloads.ROUTING_VALUE);
    }

    @Test
    void wrongRoutingVariantHasAnotherRoutingValue() throws SAXException {
        byte[] variant = Payloads.soapWithWrongRouting(1024);

        assertThat(variant).hasSize(1024);
        Document envelope = XmlDocuments.parse(variant);
        assertThat(routing(envelope)).isEqualTo(Payloads.WRONG_ROUTING_VALUE).isNotEqualTo(Payloads.ROUTING_VALUE);
        assertThat(child(orders(envelope).get(0), "symbol")).isEqualTo("IBM");
    }

    @Test
    void missingRoutingVariantHasNoSoapHeader() throws SAXException {
        byte[] variant = Payloads.soapWithoutRoutingHeader(1024);

        assertThat(variant).hasSize(1024);
        Document envelope = XmlDocuments.parse(variant);
        assertThat(XmlDocuments.soapHeader(envelope)).isNull();
        assertThat(XmlDocuments.soapBody(envelope)).isNotNull();
    }

    @Test
    void malformedVariantsDoNotParse() {
        assertThat(Payloads.malformedSoap(1024)).hasSize(1024);
        assertThat(Payloads.malformedJson(1024)).hasSize(1024);
        assertThatThrownBy(() -> XmlDocuments.parse(Payloads.malformedSoap(1024))).isInstanceOf(SAXException.class);
        assertThatThrownBy(() -> JSON.readTree(Payloads.malformedJson(1024))).isInstanceOf(JsonProcessingException.class);
    }

    @Test
    void fileNamesFollowThePlans() {
        assertThat(Payloads.fileName(PayloadFormat.SOAP, 1024)).isEqualTo("buyStocks-1024.xml");
        assertThat(Payloads.fileName(PayloadFormat.JSON, 1024)).isEqualTo("buyStocks-1024.json");
    }

    static String routing(Document envelope) {
        Element header = XmlDocuments.soapHeader(envelope);
        if (header == null) {
            return null;
        }
        Element routing = (Element) header.getElementsByTagNameNS("http://someuri", "routing").item(0);
        return routing == null ? null : routing.getTextContent();
    }

    static List<Element> orders(Document envelope) {
        Element buyStocks = firstElement(XmlDocuments.soapBody(envelope));
        assertThat(buyStocks.getNamespaceURI()).isEqualTo("http://services.samples/xsd");
        assertThat(buyStocks.getLocalName()).isEqualTo("buyStocks");
        List<Element> orders = new ArrayList<>();
        for (Node n = buyStocks.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element order) {
                assertThat(order.getNamespaceURI()).isNull();
                assertThat(order.getLocalName()).isEqualTo("order");
                orders.add(order);
            }
        }
        return orders;
    }

    private static Element firstElement(Element parent) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                return e;
            }
        }
        throw new AssertionError("no child element in " + parent.getNodeName());
    }

    private static String child(Element order, String name) {
        Node node = order.getElementsByTagNameNS(null, name).item(0);
        assertThat(node).as("<%s> in an order", name).isNotNull();
        return node.getTextContent();
    }
}
