graph [
  node [
    label "a"
  ]
]
