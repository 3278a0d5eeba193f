<?xml version="1.0" encoding="UTF-8"?>
<!-- xslt scenario, reply side: every renamed element gets its original name back
     (skcotSyub -> buyStocks, redro -> order, lobmys -> symbol, DIreyub -> buyerID, ecirp -> price,
     emulov -> volume), keeping its prefix and namespace; everything else is copied as it is.
     The exact inverse of request.xsl. -->
<xsl:stylesheet version="1.0"
                xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
                xmlns:m="http://services.samples/xsd">

  <xsl:template match="@*|node()">
    <xsl:copy>
      <xsl:apply-templates select="@*|node()"/>
    </xsl:copy>
  </xsl:template>

  <xsl:template match="m:skcotSyub">
    <xsl:call-template name="rename"><xsl:with-param name="to" select="'buyStocks'"/></xsl:call-template>
  </xsl:template>
  <xsl:template match="m:skcotSyub/redro">
    <xsl:call-template name="rename"><xsl:with-param name="to" select="'order'"/></xsl:call-template>
  </xsl:template>
  <xsl:template match="m:skcotSyub/redro/lobmys">
    <xsl:call-template name="rename"><xsl:with-param name="to" select="'symbol'"/></xsl:call-template>
  </xsl:template>
  <xsl:template match="m:skcotSyub/redro/DIreyub">
    <xsl:call-template name="rename"><xsl:with-param name="to" select="'buyerID'"/></xsl:call-template>
  </xsl:template>
  <xsl:template match="m:skcotSyub/redro/ecirp">
    <xsl:call-template name="rename"><xsl:with-param name="to" select="'price'"/></xsl:call-template>
  </xsl:template>
  <xsl:template match="m:skcotSyub/redro/emulov">
    <xsl:call-template name="rename"><xsl:with-param name="to" select="'volume'"/></xsl:call-template>
  </xsl:template>

  <!-- Same prefix (none if unprefixed) and namespace, new local name. -->
  <xsl:template name="rename">
    <xsl:param name="to"/>
    <xsl:variable name="prefix" select="substring-before(name(), ':')"/>
    <xsl:element name="{concat($prefix, substring(':', 1, string-length($prefix)), $to)}"
                 namespace="{namespace-uri()}">
      <xsl:apply-templates select="@*|node()"/>
    </xsl:element>
  </xsl:template>
</xsl:stylesheet>
