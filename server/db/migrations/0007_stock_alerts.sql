-- "Notify me" requests (header spec §7 alert/alertMe): one per brand, product and e-mail.
CREATE TABLE stock_alerts (
  brand text NOT NULL,
  product_code text NOT NULL,
  email text NOT NULL,
  lang text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (brand, product_code, email),
  FOREIGN KEY (brand, product_code) REFERENCES products (brand, code) ON DELETE CASCADE
);
