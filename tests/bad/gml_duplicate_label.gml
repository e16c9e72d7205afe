graph [
  node [ id 0 label "a" ]
  node [ id 1 label "a" ]
]
